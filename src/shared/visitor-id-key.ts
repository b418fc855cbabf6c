/**
 * localStorage key of the visitor's id, so a returning visitor keeps their session. The app reads and writes it
 * (src/app/session); the studio's "open in the app here" writes it for the session it makes.
 */
export const visitorIdKey = 'astrelle:usid';
