/** localStorage key of the visitor's privacy choice (its shape `{ analytics, advertising, remoteConfig }` is kept across versions). */
export const consentStorageKey = 'astrelle:consent';
/**
 * localStorage key of the region last found ('opt-in' or 'opt-out', never the country): a page that loads no session
 * (a payment return) still knows it, so a visitor who was not asked is not asked there either. Written once a page's
 * session is ready (on a public page: the visit saved with its IP lookup, and the session read back).
 */
export const consentRegionKey = 'astrelle:consent-region';
