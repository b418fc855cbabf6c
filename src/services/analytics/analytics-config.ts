/**
 * Analytics and remote-config settings, read from the build environment (VITE_*) like src/services/config.ts, and
 * failing loudly on a bad value. Keys are public identifiers (they ship in every browser), never secrets.
 */
export interface AnalyticsConfig {
  /** The Amplitude key for this host: the production key on the production host, the development key elsewhere; '' = none. */
  amplitudeKey: string;
  /** Amplitude's data centre. */
  amplitudeServerZone: 'US' | 'EU';
  /** Send to Amplitude's Batch API instead of HTTP V2. */
  amplitudeUseBatch: boolean;
  /** A custom ingestion URL (a proxy); '' = Amplitude's own for the zone. */
  amplitudeServerUrl: string;
  /** The first-party event log of the reference server (Amplitude's HTTP V2 format), on this origin. */
  eventLogUrl: string;
  /** Firebase web app settings; null = no Remote Config (no Firebase code loads at all). */
  firebase: { apiKey: string; projectId: string; appId: string } | null;
}

/** The reference server's event log: Amplitude's HTTP V2 API on this origin (server/analytics). */
export const eventLogPath = '/analytics/2/httpapi';

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new Error(`Configuration: ${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return found;
}

function httpsUrl(name: string, value: string | undefined): string {
  if (value === undefined || value === '') return '';
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
    return url.toString();
  } catch {
    throw new Error(`Configuration: ${name} must be an http(s) URL, got "${value}"`);
  }
}

/** Reads the settings for a page served from `host` (production key only on VITE_PRODUCTION_HOST). */
export function readAnalyticsConfig(env: Record<string, string | undefined>, host: string): AnalyticsConfig {
  const productionHost = env.VITE_PRODUCTION_HOST ?? '';
  const onProduction = productionHost !== '' && host === productionHost;
  const firebaseParts = [env.VITE_FIREBASE_API_KEY, env.VITE_FIREBASE_PROJECT_ID, env.VITE_FIREBASE_APP_ID].map((v) => v ?? '');
  const given = firebaseParts.filter((v) => v !== '').length;
  if (given > 0 && given < 3) {
    throw new Error('Configuration: set all of VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID and VITE_FIREBASE_APP_ID, or none');
  }
  const [apiKey = '', projectId = '', appId = ''] = firebaseParts;
  return {
    amplitudeKey: (onProduction ? env.VITE_AMPLITUDE_KEY_PRODUCTION : env.VITE_AMPLITUDE_KEY_DEVELOPMENT) ?? '',
    amplitudeServerZone: oneOf('VITE_AMPLITUDE_SERVER_ZONE', env.VITE_AMPLITUDE_SERVER_ZONE, ['US', 'EU'] as const, 'US'),
    amplitudeUseBatch: oneOf('VITE_AMPLITUDE_USE_BATCH', env.VITE_AMPLITUDE_USE_BATCH, ['true', 'false'] as const, 'false') === 'true',
    amplitudeServerUrl: httpsUrl('VITE_AMPLITUDE_SERVER_URL', env.VITE_AMPLITUDE_SERVER_URL),
    eventLogUrl: eventLogPath,
    firebase: given === 3 ? { apiKey, projectId, appId } : null,
  };
}
