/**
 * The app's configuration, read once from the build environment (VITE_* variables). A bad value
 * fails loudly at start rather than as a confusing network error later.
 */
export interface AppConfig {
  /** Base URL of the place search (`GET {base}/places/search?q=`); empty = this origin. */
  placesApiUrl: string;
  /** Milliseconds before a backend call is abandoned, so a hung server cannot hang the funnel. */
  requestTimeoutMs: number;
}

function url(name: string, value: string | undefined): string {
  if (value === undefined || value === '') return '';
  try {
    return new URL(value).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`Configuration: ${name} must be an absolute URL, got "${value}"`);
  }
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Configuration: ${name} must be a positive integer, got "${value}"`);
  return n;
}

export function readConfig(env: Record<string, string | undefined>): AppConfig {
  return {
    placesApiUrl: url('VITE_PLACES_API_URL', env.VITE_PLACES_API_URL),
    requestTimeoutMs: positiveInt('VITE_REQUEST_TIMEOUT_MS', env.VITE_REQUEST_TIMEOUT_MS, 8000),
  };
}

export const config: AppConfig = readConfig(import.meta.env);
