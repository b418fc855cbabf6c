import { config } from '../../services/config';
import { consentRegionKey, consentStorageKey } from '../../shared/consent-keys';

/** The visitor's privacy choices: what may run besides what is strictly necessary. */
export interface Consent {
  analytics: boolean;
  advertising: boolean;
  remoteConfig: boolean;
}

/**
 * Where the visitor is, for the default: `opt-in` (a country of `consentRegions`, or a lookup that found no country),
 * `opt-out` (any other country), `pending` (the IP lookup has not answered yet).
 */
export type ConsentRegion = 'opt-in' | 'opt-out' | 'pending';

export interface ConsentState {
  /** What applies now; Global Privacy Control already applied (advertising off). */
  consent: Consent;
  /** The visitor chose (banner or menu): the choice is stored and they are never asked again. */
  answered: boolean;
  /** Show the banner: default `denied`, an opt-in region, no answer yet. */
  ask: boolean;
  /**
   * What applies is final until the visitor changes it: an answer, the default `granted`, or (default `denied`) a
   * region known to be opt-out. Not settled (the region is not known yet, or the banner waits for its answer): nothing
   * is sent, stored or loaded, and what the funnel raises meanwhile is held in memory until it settles.
   */
  settled: boolean;
  region: ConsentRegion;
  /** The browser sends Global Privacy Control: advertising stays off whatever is chosen. */
  globalPrivacyControl: boolean;
}

export interface ConsentStore {
  /** The current state (the same object until something changes). */
  get(): ConsentState;
  /** Called on every change; returns the unsubscribe function. */
  subscribe(listener: (state: ConsentState) => void): () => void;
  /** The visitor's choice (menu switches, banner): applies at once, is stored, and answers the banner for good. */
  set(consent: Consent): void;
  /**
   * The visitor's country from the session's IP info (ISO 3166-1 alpha-2); null or '' when the lookup found none. The
   * region it gives is remembered for the next page loads (until a session says otherwise).
   */
  setCountry(countryCode: string | null): void;
}

export interface ConsentOptions {
  defaultMode: 'granted' | 'denied';
  /** Countries that need opt-in (used with `denied`). */
  optInRegions: readonly string[];
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  globalPrivacyControl: boolean;
}

const allOn: Consent = { analytics: true, advertising: true, remoteConfig: true };
const allOff: Consent = { analytics: false, advertising: false, remoteConfig: false };

/** The region of a country: unknown ('' or null, the lookup found none) counts as opt-in, to be safe. */
export function consentRegionOf(countryCode: string | null | undefined, optInRegions: readonly string[]): Exclude<ConsentRegion, 'pending'> {
  const code = (countryCode ?? '').trim().toUpperCase();
  return code === '' || optInRegions.includes(code) ? 'opt-in' : 'opt-out';
}

function readStored(storage: ConsentOptions['storage']): Consent | null {
  try {
    const raw = storage?.getItem(consentStorageKey);
    const stored: unknown = raw ? JSON.parse(raw) : null;
    if (typeof stored !== 'object' || stored === null) return null;
    const record = stored as Record<string, unknown>;
    const keys: Array<keyof Consent> = ['analytics', 'advertising', 'remoteConfig'];
    if (!keys.some((key) => typeof record[key] === 'boolean')) return null;
    // A key missing from an older record takes the everything-on value it had then.
    const pick = (key: keyof Consent) => (typeof record[key] === 'boolean' ? (record[key] as boolean) : true);
    return { analytics: pick('analytics'), advertising: pick('advertising'), remoteConfig: pick('remoteConfig') };
  } catch {
    return null;
  }
}

function readRegion(storage: ConsentOptions['storage']): ConsentRegion {
  try {
    const raw = storage?.getItem(consentRegionKey);
    return raw === 'opt-in' || raw === 'opt-out' ? raw : 'pending';
  } catch {
    return 'pending';
  }
}

/**
 * The privacy choices as a small observable store. Before the visitor answers, the default comes from the build:
 * `granted` (the default) turns everything on; `denied` turns everything off for a visitor in an opt-in region (and
 * while the region is not known yet), who is then asked once, and on for everyone else. A stored answer always wins,
 * and Global Privacy Control always keeps advertising off.
 */
export function createConsentStore(options: ConsentOptions): ConsentStore {
  const gpc = options.globalPrivacyControl;
  let stored = readStored(options.storage);
  let region: ConsentRegion = readRegion(options.storage);
  const listeners = new Set<(state: ConsentState) => void>();

  const compute = (): ConsentState => {
    const byDefault = options.defaultMode === 'granted' || region === 'opt-out' ? allOn : allOff;
    const chosen = stored ?? byDefault;
    return {
      consent: { ...chosen, advertising: chosen.advertising && !gpc },
      answered: stored !== null,
      ask: stored === null && options.defaultMode === 'denied' && region === 'opt-in',
      settled: stored !== null || options.defaultMode === 'granted' || region === 'opt-out',
      region,
      globalPrivacyControl: gpc,
    };
  };
  let state = compute();

  const update = () => {
    const next = compute();
    const same =
      next.answered === state.answered &&
      next.ask === state.ask &&
      next.settled === state.settled &&
      next.region === state.region &&
      (Object.keys(next.consent) as Array<keyof Consent>).every((key) => next.consent[key] === state.consent[key]);
    if (same) return;
    state = next;
    for (const listener of [...listeners]) listener(state);
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(consent) {
      stored = { analytics: consent.analytics, advertising: consent.advertising, remoteConfig: consent.remoteConfig };
      try {
        options.storage?.setItem(consentStorageKey, JSON.stringify(stored));
      } catch {
        // The choice still applies for this visit.
      }
      update();
    },
    setCountry(countryCode) {
      region = consentRegionOf(countryCode, options.optInRegions);
      try {
        options.storage?.setItem(consentRegionKey, region);
      } catch {
        // Known for this page only.
      }
      update();
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function browserGlobalPrivacyControl(): boolean {
  return typeof navigator !== 'undefined' && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

let shared: ConsentStore | null = null;

/** The page's one store (this browser's storage and Global Privacy Control, the build's default and regions). */
export function consentStore(): ConsentStore {
  shared ??= createConsentStore({
    defaultMode: config.consentDefault,
    optInRegions: config.consentRegions,
    storage: browserStorage(),
    globalPrivacyControl: browserGlobalPrivacyControl(),
  });
  return shared;
}

/** The choices that apply now (shorthand for `consentStore().get().consent`). */
export function readConsent(): Consent {
  return consentStore().get().consent;
}

/** Stores a choice and applies it at once (shorthand for `consentStore().set`). */
export function writeConsent(consent: Consent): void {
  consentStore().set(consent);
}
