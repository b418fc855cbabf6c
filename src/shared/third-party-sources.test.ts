import { describe, expect, it } from 'vitest';
import { thirdPartySources } from './third-party-sources';

describe('the CSP sources of the third-party SDKs', () => {
  it('are none without keys', () => {
    expect(thirdPartySources({})).toEqual({ scriptSrc: [], imgSrc: [], connectSrc: [] });
  });

  it('are exactly the endpoints each configured SDK uses', () => {
    expect(
      thirdPartySources({
        VITE_AMPLITUDE_KEY_DEVELOPMENT: 'k',
        VITE_AMPLITUDE_SERVER_ZONE: 'EU',
        VITE_FIREBASE_API_KEY: 'a',
        VITE_FIREBASE_PROJECT_ID: 'p',
        VITE_FIREBASE_APP_ID: 'i',
        VITE_META_PIXEL_ID: '123',
      }),
    ).toEqual({
      scriptSrc: ['https://connect.facebook.net'],
      imgSrc: ['https://www.facebook.com'],
      connectSrc: ['https://api.eu.amplitude.com', 'https://firebaseinstallations.googleapis.com', 'https://firebaseremoteconfig.googleapis.com', 'https://www.facebook.com'],
    });
    expect(thirdPartySources({ VITE_AMPLITUDE_KEY_PRODUCTION: 'k' }).connectSrc).toEqual(['https://api2.amplitude.com']);
    expect(thirdPartySources({ VITE_AMPLITUDE_KEY_PRODUCTION: 'k', VITE_AMPLITUDE_SERVER_URL: 'https://proxy.example/amp/2/httpapi' }).connectSrc).toEqual(['https://proxy.example']);
    expect(thirdPartySources({ VITE_FIREBASE_API_KEY: 'a' }).connectSrc).toEqual([]);
  });
});
