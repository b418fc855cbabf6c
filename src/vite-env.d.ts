/// <reference types="vite/client" />

/** The flow's product name, written in at build time (vite.config.ts) so the header needs no flow. */
declare const __PRODUCT_NAME__: string;

/** The flow file the build bundled (FLOW_FILE, default flows/astrology.json), named in located load errors. */
declare const __FLOW_FILE__: string;

interface ImportMetaEnv {
  /** "true" offers the test variants of the fixed-price offers; "false" or unset the live ones (src/services/config.ts). */
  readonly VITE_TEST_OFFERS?: 'true' | 'false';
}
