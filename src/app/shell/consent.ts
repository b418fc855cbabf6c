/** The visitor's privacy choices. Default consent is granted (spec §9), except advertising under Global Privacy Control. */
export interface Consent {
  analytics: boolean;
  advertising: boolean;
  remoteConfig: boolean;
}

const storageKey = 'astrelle:consent';

function globalPrivacyControl(): boolean {
  return typeof navigator !== 'undefined' && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

export function defaultConsent(): Consent {
  return { analytics: true, advertising: !globalPrivacyControl(), remoteConfig: true };
}

/** The stored choices, or the defaults; a browser's Global Privacy Control always turns advertising off. */
export function readConsent(): Consent {
  const fallback = defaultConsent();
  try {
    const raw = window.localStorage.getItem(storageKey);
    const stored: unknown = raw ? JSON.parse(raw) : null;
    if (typeof stored !== 'object' || stored === null) return fallback;
    const pick = (key: keyof Consent) => {
      const value = (stored as Record<string, unknown>)[key];
      return typeof value === 'boolean' ? value : fallback[key];
    };
    return { analytics: pick('analytics'), advertising: pick('advertising') && !globalPrivacyControl(), remoteConfig: pick('remoteConfig') };
  } catch {
    return fallback;
  }
}

export function writeConsent(consent: Consent): void {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(consent));
  } catch {
    // The choice still applies for this visit.
  }
}
