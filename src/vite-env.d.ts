/// <reference types="vite/client" />

/** The flow file the studio's build opens (FLOW_FILE, default flows/astrology.json). */
declare const __FLOW_FILE__: string;

interface ImportMetaEnv {
  /** "true" offers the test variants of the fixed-price offers; "false" or unset the live ones (src/services/config.ts). */
  readonly VITE_TEST_OFFERS?: 'true' | 'false';
  /** The Meta pixel's id (digits); unset or empty = no pixel (src/services/config.ts). */
  readonly VITE_META_PIXEL_ID?: string;
  /** The privacy choices' default before the visitor answers: "granted" (default) or "denied" (opt-in regions asked). */
  readonly VITE_CONSENT_DEFAULT?: 'granted' | 'denied';
  /** Comma-separated ISO country codes that need opt-in when the default is "denied"; unset = EU/EEA, UK and CH. */
  readonly VITE_CONSENT_OPT_IN_REGIONS?: string;
  /** The one host on which debug values are exposed on window; unset = none. */
  readonly VITE_DEBUG_HOST?: string;
}
