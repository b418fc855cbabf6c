import type { AmplitudeModule } from './analytics';

/** The Amplitude browser SDK, loaded on demand (≈72 KB gzip: never in the landing bundle). */
export async function loadAmplitudeSdk(): Promise<AmplitudeModule> {
  const { createInstance, Identify } = await import('@amplitude/analytics-browser');
  return { createInstance, Identify };
}
