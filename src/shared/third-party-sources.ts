/**
 * The origins the app's third-party SDKs use, for the Content-Security-Policy, from the same build environment that
 * configures them (VITE_*): the build writes them to dist/third-party.json and the server adds exactly these. With no
 * key configured, none: the page then talks to its own origin only.
 */
export interface ThirdPartySources {
  scriptSrc: string[];
  imgSrc: string[];
  connectSrc: string[];
}

const amplitudeHosts = { US: 'https://api2.amplitude.com', EU: 'https://api.eu.amplitude.com' } as const;

export function thirdPartySources(env: Record<string, string | undefined>): ThirdPartySources {
  const sources: ThirdPartySources = { scriptSrc: [], imgSrc: [], connectSrc: [] };
  if (env.VITE_AMPLITUDE_KEY_PRODUCTION || env.VITE_AMPLITUDE_KEY_DEVELOPMENT) {
    // The SDK uploads to its zone's host (HTTP V2 and Batch share it), or to the configured proxy.
    sources.connectSrc.push(env.VITE_AMPLITUDE_SERVER_URL ? new URL(env.VITE_AMPLITUDE_SERVER_URL).origin : amplitudeHosts[env.VITE_AMPLITUDE_SERVER_ZONE === 'EU' ? 'EU' : 'US']);
  }
  if (env.VITE_FIREBASE_API_KEY && env.VITE_FIREBASE_PROJECT_ID && env.VITE_FIREBASE_APP_ID) {
    // Firebase Installations, then the Remote Config fetch (the realtime stream is never opened: no onConfigUpdate).
    sources.connectSrc.push('https://firebaseinstallations.googleapis.com', 'https://firebaseremoteconfig.googleapis.com');
  }
  if (env.VITE_META_PIXEL_ID) {
    // fbevents.js and the pixel's config script; events go to /tr as an image or a beacon.
    sources.scriptSrc.push('https://connect.facebook.net');
    sources.imgSrc.push('https://www.facebook.com');
    sources.connectSrc.push('https://www.facebook.com');
  }
  return sources;
}
