/// <reference types="vite/client" />

/** The flow's product name, written in at build time (vite.config.ts) so the header needs no flow. */
declare const __PRODUCT_NAME__: string;
