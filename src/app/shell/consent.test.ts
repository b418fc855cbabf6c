import { describe, expect, it, vi } from 'vitest';
import { defaultConsentRegions } from '../../services/config';
import { consentStorageKey } from '../../shared/consent-keys';
import { consentRegionOf, createConsentStore, type ConsentOptions } from './consent';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

function store(over: Partial<ConsentOptions> = {}) {
  const storage = memoryStorage();
  return {
    storage,
    store: createConsentStore({ defaultMode: 'granted', optInRegions: defaultConsentRegions, storage, globalPrivacyControl: false, ...over }),
  };
}

const allOn = { analytics: true, advertising: true, remoteConfig: true };
const allOff = { analytics: false, advertising: false, remoteConfig: false };

describe('consentRegionOf: the region of the IP info country', () => {
  it('opt-in for the listed countries, any case; opt-out elsewhere; unknown counts as opt-in', () => {
    expect(consentRegionOf('DE', defaultConsentRegions)).toBe('opt-in');
    expect(consentRegionOf('gb', defaultConsentRegions)).toBe('opt-in');
    expect(consentRegionOf('CH', defaultConsentRegions)).toBe('opt-in');
    expect(consentRegionOf('US', defaultConsentRegions)).toBe('opt-out');
    expect(consentRegionOf('', defaultConsentRegions)).toBe('opt-in');
    expect(consentRegionOf(null, defaultConsentRegions)).toBe('opt-in');
    expect(consentRegionOf(undefined, ['BR'])).toBe('opt-in');
    expect(consentRegionOf('DE', ['BR'])).toBe('opt-out');
  });
});

describe('the default "granted"', () => {
  it('turns everything on, never asks, whatever the region', () => {
    const { store: s } = store();
    expect(s.get()).toEqual({ consent: allOn, answered: false, ask: false, settled: true, region: 'pending', globalPrivacyControl: false });
    s.setCountry('DE');
    expect(s.get().consent).toEqual(allOn);
    expect(s.get().ask).toBe(false);
  });

  it('keeps advertising off under Global Privacy Control', () => {
    const { store: s } = store({ globalPrivacyControl: true });
    expect(s.get().consent).toEqual({ analytics: true, advertising: false, remoteConfig: true });
    expect(s.get().globalPrivacyControl).toBe(true);
  });
});

describe('the default "denied" (regions that need opt-in)', () => {
  it('starts with everything off and does not ask until the region is known', () => {
    const { store: s } = store({ defaultMode: 'denied' });
    expect(s.get()).toMatchObject({ consent: allOff, ask: false, settled: false, region: 'pending' });
  });

  it('asks a visitor in an opt-in region, everything off meanwhile', () => {
    const { store: s } = store({ defaultMode: 'denied' });
    s.setCountry('FR');
    expect(s.get()).toMatchObject({ consent: allOff, ask: true, answered: false, settled: false, region: 'opt-in' });
  });

  it('asks when the lookup found no country', () => {
    const { store: s } = store({ defaultMode: 'denied' });
    s.setCountry(null);
    expect(s.get()).toMatchObject({ consent: allOff, ask: true });
  });

  it('turns everything on for a visitor elsewhere, without asking (advertising still off under GPC)', () => {
    const { store: s } = store({ defaultMode: 'denied' });
    s.setCountry('US');
    expect(s.get()).toMatchObject({ consent: allOn, ask: false, settled: true, region: 'opt-out' });
    const gpc = store({ defaultMode: 'denied', globalPrivacyControl: true }).store;
    gpc.setCountry('US');
    expect(gpc.get().consent).toEqual({ analytics: true, advertising: false, remoteConfig: true });
  });

  it('remembers the region, never the country, for the next page load (a payment return loads no session)', () => {
    const { store: s, storage } = store({ defaultMode: 'denied' });
    s.setCountry('US');
    expect([...storage.items.values()]).toEqual(['opt-out']);
    const next = createConsentStore({ defaultMode: 'denied', optInRegions: defaultConsentRegions, storage, globalPrivacyControl: false });
    expect(next.get()).toMatchObject({ consent: allOn, ask: false, settled: true, region: 'opt-out' });
    next.setCountry('DE');
    const after = createConsentStore({ defaultMode: 'denied', optInRegions: defaultConsentRegions, storage, globalPrivacyControl: false });
    expect(after.get()).toMatchObject({ consent: allOff, ask: true, region: 'opt-in' });
  });
});

describe('the visitor answers', () => {
  it('applies at once, tells every subscriber, stores the menu shape, and is never asked again', () => {
    const { store: s, storage } = store({ defaultMode: 'denied' });
    s.setCountry('DE');
    const listener = vi.fn();
    const unsubscribe = s.subscribe(listener);
    s.set(allOn);
    expect(s.get()).toMatchObject({ consent: allOn, answered: true, ask: false, settled: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(s.get());
    expect(JSON.parse(storage.items.get(consentStorageKey)!)).toEqual(allOn);

    // The next visit: the stored answer wins, no question.
    const next = createConsentStore({ defaultMode: 'denied', optInRegions: defaultConsentRegions, storage, globalPrivacyControl: false });
    next.setCountry('DE');
    expect(next.get()).toMatchObject({ consent: allOn, answered: true, ask: false });

    unsubscribe();
    s.set(allOff);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a decline is kept too', () => {
    const { store: s, storage } = store({ defaultMode: 'denied' });
    s.setCountry('DE');
    s.set(allOff);
    const next = createConsentStore({ defaultMode: 'denied', optInRegions: defaultConsentRegions, storage, globalPrivacyControl: false });
    next.setCountry('DE');
    expect(next.get()).toMatchObject({ consent: allOff, answered: true, ask: false, settled: true });
  });

  it('one menu switch changes only itself (the menu test: analytics off, the rest on)', () => {
    const { store: s, storage } = store();
    s.set({ ...s.get().consent, analytics: false });
    expect(s.get().consent).toEqual({ analytics: false, advertising: true, remoteConfig: true });
    expect(JSON.parse(storage.items.get(consentStorageKey)!)).toEqual({ analytics: false, advertising: true, remoteConfig: true });
  });

  it('Global Privacy Control keeps advertising off even after an accept', () => {
    const { store: s } = store({ defaultMode: 'denied', globalPrivacyControl: true });
    s.setCountry('DE');
    s.set(allOn);
    expect(s.get().consent).toEqual({ analytics: true, advertising: false, remoteConfig: true });
  });
});

describe('the stored record and the listeners', () => {
  it('reads what the menu stored before this version, and ignores what is not a choice', () => {
    const stored = (raw: string) => createConsentStore({ defaultMode: 'denied', optInRegions: [], storage: memoryStorage({ [consentStorageKey]: raw }), globalPrivacyControl: false }).get();
    expect(stored(JSON.stringify({ analytics: false, advertising: true, remoteConfig: true }))).toMatchObject({ answered: true, consent: { analytics: false, advertising: true, remoteConfig: true } });
    expect(stored(JSON.stringify({ analytics: false }))).toMatchObject({ answered: true, consent: { analytics: false, advertising: true, remoteConfig: true } });
    for (const junk of ['not json', '"granted"', 'null', '{}', '{"analytics":"yes"}']) expect(stored(junk)).toMatchObject({ answered: false, consent: allOff });
  });

  it('works without storage, and when storage throws', () => {
    const none = createConsentStore({ defaultMode: 'granted', optInRegions: [], storage: null, globalPrivacyControl: false });
    none.set(allOff);
    expect(none.get().consent).toEqual(allOff);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    const s = createConsentStore({ defaultMode: 'granted', optInRegions: [], storage: broken, globalPrivacyControl: false });
    expect(s.get().consent).toEqual(allOn);
    s.set(allOff);
    expect(s.get().consent).toEqual(allOff);
  });

  it('keeps the same state object until something changes (React reads it with useSyncExternalStore)', () => {
    const { store: s } = store();
    const listener = vi.fn();
    s.subscribe(listener);
    const first = s.get();
    expect(s.get()).toBe(first);
    s.set(allOn); // the same choices, but answered now
    expect(listener).toHaveBeenCalledTimes(1);
    expect(s.get()).not.toBe(first);
    const second = s.get();
    s.set(allOn);
    expect(s.get()).toBe(second);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
