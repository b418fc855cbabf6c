import { MemoryStorage } from './test-support/memory-storage';
import { pendingEffects } from './test-support/pending-effects';
import { describe, it, expect } from 'vitest';
import { screenIdOf } from './compile-flow';
import { createActor, fromPromise } from 'xstate';
import flowJson from '../../flows/astrology.json';
import type { Flow } from './generated/flow-types';
import { validateFlow } from './validate-flow';
import { compileFlow, type FunnelEvent } from './compile-flow';
import { loadProgress, saveProgress, savedOnAnotherVersion, storageKey, type ProgressStorage, type SavedProgress } from './persistence';
import { pathFor } from './flow-graph';
import { productKinds } from './kinds/product-kinds';

function loadFlow(): Flow {
  const result = validateFlow(structuredClone(flowJson), { kinds: productKinds });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.flow;
}

const flow = loadFlow();
const key = storageKey(flow);
const now = new Date(2026, 0, 15, 12, 0, 0);


const trailToBirthday = ['welcome', 'relationship-status', 'relationship-goal', 'knowledge-of-astrology', 'profile-lets-learn', 'profile-name', 'profile-birthday'];

function validProgress(): Omit<SavedProgress, 'flowId' | 'flowVersion'> {
  return {
    screen: 'profile-birthday',
    answers: { '1-1': 'single', '1-2': 'find_love', '1-3': 'beginner', '2-1': 'Maya' },
    trail: [...trailToBirthday],
    assigned: {},
    seen: [],
    migrations: [],
  };
}

/** Writes raw saved data under this flow's key, as an older or tampered version of the app might have. */
function storedRaw(data: unknown): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(key, typeof data === 'string' ? data : JSON.stringify(data));
  return storage;
}

function saved(overrides: Record<string, unknown>) {
  return { flowId: flow.id, flowVersion: flow.version, ...validProgress(), ...overrides };
}

describe('saveProgress and loadProgress', () => {
  it('returns exactly what was saved', () => {
    const storage = new MemoryStorage();
    saveProgress(storage, flow, validProgress());
    expect(loadProgress(storage, flow, productKinds, now)).toEqual({ flowId: 'astrology', flowVersion: flow.version, ...validProgress() });
    expect(storage.getItem(key)).not.toBeNull();
  });

  it('keeps progress under a key of its own flow', () => {
    const storage = new MemoryStorage();
    saveProgress(storage, flow, validProgress());
    expect([...storage.items.keys()]).toEqual(['astrelle:progress:astrology']);
  });

  it('returns null when nothing was saved', () => {
    expect(loadProgress(new MemoryStorage(), flow, productKinds, now)).toBeNull();
  });

  it('keeps a trail that runs ahead of the current screen (browser forward)', () => {
    const storage = new MemoryStorage();
    saveProgress(storage, flow, { ...validProgress(), screen: 'profile-name' });
    expect(loadProgress(storage, flow, productKinds, now)?.screen).toBe('profile-name');
  });

  it('restores a place answer', () => {
    const storage = new MemoryStorage();
    const place = { latitude: 51.5, longitude: -0.12, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' };
    const progress = {
      screen: 'profile-zodiac-moon',
      answers: { ...validProgress().answers, '2-2': '1990-05-17', '2-3': '10:30', '2-4': place },
      trail: [...trailToBirthday, 'profile-zodiac-sun', 'profile-time-of-birth', 'profile-place-of-birth', 'profile-zodiac-moon'],
    };
    saveProgress(storage, flow, progress);
    expect(loadProgress(storage, flow, productKinds, now)).toMatchObject(progress);
  });

  it('restores the upsell reached from a payment return, whose way there only the payment check decided', () => {
    // /payment-success leads to /signup-offer only when checkPayment said "paid", an answer kept in memory only.
    const storage = new MemoryStorage();
    const progress = { screen: 'signup-offer', answers: { '5-1': 'mxp_plan_1', '6-1': ['birth_chart'] }, trail: [...pathFor(flow, {}), 'payment-success', 'signup-offer'] };
    saveProgress(storage, flow, progress);
    expect(loadProgress(storage, flow, productKinds, now)).toMatchObject(progress);
  });
});

describe('loadProgress drops progress that does not fit the flow, whole, and removes it', () => {
  const cases: Array<[string, unknown]> = [
    ['progress from another flow', saved({ flowId: 'horoscope' })],
    ['a missing version', saved({ flowVersion: undefined })],
    ['an unknown screen', saved({ screen: 'profile-shoe-size' })],
    ['a trail through an unknown screen', saved({ trail: [...trailToBirthday.slice(0, 3), 'removed-screen', ...trailToBirthday.slice(3)] })],
    ['a trail not starting at the start screen', saved({ trail: trailToBirthday.slice(1) })],
    ['a screen that is not on the trail', saved({ screen: 'email' })],
    ['an unknown answer key', saved({ answers: { ...validProgress().answers, '9-9': 'yes' } })],
    ['a birth date in the future', saved({ answers: { ...validProgress().answers, '2-2': '2999-01-01' } })],
    ['an impossible birth date', saved({ answers: { ...validProgress().answers, '2-2': '2023-02-30' } })],
    ['an unknown option value', saved({ answers: { ...validProgress().answers, '1-1': 'married_twice' } })],
    ['a name that is too long', saved({ answers: { ...validProgress().answers, '2-1': 'x'.repeat(41) } })],
    ['a place without coordinates', saved({ answers: { ...validProgress().answers, '2-4': { place: 'London' } } })],
    ['answers that are not an object', saved({ answers: ['single'] })],
    ['a trail that is not a list of ids', saved({ trail: 'welcome' })],
    ['a trail with a gap (screens the answers never lead through)', saved({ screen: 'email', answers: {}, trail: ['welcome', 'email'] })],
    ['a trail through the partner screens of a single visitor', saved({ screen: 'relationship-partner-gender', answers: { '1-1': 'single' }, trail: ['welcome', 'relationship-status', 'relationship-partner-gender'] })],
    ['an answer of a branch not taken', saved({ answers: { ...validProgress().answers, '4-0-1': 'male' } })],
    ['data that is not JSON', '{"flowId": "astrology", '],
    ['JSON that is not an object', '42'],
  ];

  it.each(cases)('drops %s', (_, data) => {
    const storage = storedRaw(data);
    expect(loadProgress(storage, flow, productKinds, now)).toBeNull();
    expect(storage.getItem(key)).toBeNull();
  });

  it('leaves the progress of other flows alone', () => {
    const storage = storedRaw(saved({ screen: 'nowhere' }));
    storage.setItem('astrelle:progress:other', 'kept');
    loadProgress(storage, flow, productKinds, now);
    expect(storage.getItem('astrelle:progress:other')).toBe('kept');
  });
});

describe('moving progress to another version of the flow', () => {
  /** The next version of the flow: 2-1 renamed to `name`, the single option renamed `solo`, with their steps. */
  function nextVersion(): Flow {
    const next = structuredClone(flow);
    next.version = flow.version + 1;
    const nameScreen = next.screens.find((s) => s.id === 'profile-name') as { answerKey: string };
    nameScreen.answerKey = 'name';
    const status = next.screens.find((s) => s.id === 'relationship-status') as { options: Array<{ value: string }> };
    status.options.find((o) => o.value === 'single')!.value = 'solo';
    // Branches on the old value follow it.
    const text = JSON.stringify(next).replaceAll('"is":"single"', '"is":"solo"');
    const moved = JSON.parse(text) as Flow;
    moved.migrations = [
      { rename: 'answerKey', from: '2-1', to: 'name' },
      { rename: 'value', answerKey: '1-1', from: 'single', to: 'solo' },
    ];
    return moved;
  }

  it('carries the answers forward by the steps the new version adds, and resumes at the first unanswered question', () => {
    const v2 = nextVersion();
    const storage = storedRaw(saved({}));
    const moved = loadProgress(storage, v2, productKinds, now)!;
    expect(moved).toMatchObject({ flowVersion: v2.version, screen: 'profile-birthday', answers: { '1-1': 'solo', '1-2': 'find_love', '1-3': 'beginner', name: 'Maya' } });
    expect(moved.trail).toEqual(trailToBirthday);
    expect(moved.migrations).toEqual(v2.migrations);
  });

  it('undoes the steps the older version lacks when a visitor is moved back after a rollback', () => {
    const v2 = nextVersion();
    const storage = storedRaw({
      ...saved({ flowVersion: v2.version, answers: { '1-1': 'solo', '1-2': 'find_love', '1-3': 'beginner', name: 'Maya' } }),
      migrations: v2.migrations,
    });
    const moved = loadProgress(storage, flow, productKinds, now)!;
    expect(moved).toMatchObject({ flowVersion: flow.version, screen: 'profile-birthday', answers: { '1-1': 'single', '1-2': 'find_love', '1-3': 'beginner', '2-1': 'Maya' } });
  });

  it('drops an answer the version no longer takes and resumes at its question, never at step one', () => {
    const v2 = structuredClone(flow);
    v2.version = flow.version + 1;
    const goal = v2.screens.find((s) => s.id === 'relationship-goal') as { options: Array<{ value: string }> };
    goal.options = goal.options.filter((o) => o.value !== 'find_love');
    const moved = loadProgress(storedRaw(saved({})), v2, productKinds, now)!;
    expect(moved.screen).toBe('relationship-goal');
    expect(moved.answers).not.toHaveProperty('1-2');
    expect(moved.answers).toMatchObject({ '1-1': 'single', '2-1': 'Maya' });
    expect(moved.trail).toEqual(['welcome', 'relationship-status', 'relationship-goal']);
  });

  it('resumes a visitor whose screen is gone at the first question of their path still unanswered', () => {
    const v2 = structuredClone(flow);
    v2.version = flow.version + 1;
    // Saved on a screen the new version removed: the answers before it still count.
    const moved = loadProgress(storedRaw(saved({ screen: 'removed-screen', trail: [...trailToBirthday.slice(0, -1), 'removed-screen'] })), v2, productKinds, now)!;
    expect(moved.screen).toBe('profile-birthday');
    expect(moved.answers).toEqual(validProgress().answers);
  });

  it('moves progress of an older or a newer version alike (a rollback moves visitors back)', () => {
    for (const flowVersion of [flow.version - 1, flow.version + 1]) {
      expect(loadProgress(storedRaw(saved({ flowVersion })), flow, productKinds, now)).toMatchObject({ flowVersion: flow.version, screen: 'profile-birthday', answers: validProgress().answers });
    }
  });

  it('tells progress saved on another version (a visitor moved on) from this version\'s, and from none or foreign data', () => {
    expect(savedOnAnotherVersion(storedRaw(saved({ flowVersion: flow.version + 1 })), flow)).toBe(true);
    expect(savedOnAnotherVersion(storedRaw(saved({})), flow)).toBe(false);
    expect(savedOnAnotherVersion(new MemoryStorage(), flow)).toBe(false);
    expect(savedOnAnotherVersion(storedRaw('not json'), flow)).toBe(false);
    expect(savedOnAnotherVersion(storedRaw(saved({ flowId: 'other', flowVersion: flow.version + 1 })), flow)).toBe(false);
  });

  it('a visitor who had answered nothing starts at the start', () => {
    const v2 = structuredClone(flow);
    v2.version = flow.version + 1;
    const moved = loadProgress(storedRaw(saved({ screen: 'welcome', trail: ['welcome'], answers: {} })), v2, productKinds, now)!;
    expect(moved).toMatchObject({ screen: 'relationship-status', trail: ['welcome', 'relationship-status'], answers: {} });
  });
});

describe('storage failures', () => {
  const throwing: ProgressStorage = {
    getItem() {
      throw new Error('SecurityError');
    },
    setItem() {
      throw new Error('QuotaExceededError');
    },
    removeItem() {
      throw new Error('SecurityError');
    },
  };

  it('loadProgress returns null when reading throws', () => {
    expect(() => loadProgress(throwing, flow, productKinds, now)).not.toThrow();
    expect(loadProgress(throwing, flow, productKinds, now)).toBeNull();
  });

  it('saveProgress swallows a failing write', () => {
    expect(() => saveProgress(throwing, flow, validProgress())).not.toThrow();
  });

  it('loadProgress returns null when removing unfitting progress throws', () => {
    const storage: ProgressStorage = { getItem: () => JSON.stringify(saved({ screen: 'gone' })), setItem: () => {}, removeItem: throwing.removeItem };
    expect(loadProgress(storage, flow, productKinds, now)).toBeNull();
  });
});

describe('the email is never persisted', () => {
  const place = { latitude: 51.5, longitude: -0.12, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' };
  const email = 'maya.secret@example.com';

  function eventFor(screenId: string): FunnelEvent {
    const screen = flow.screens.find((s) => s.id === screenId);
    if (!screen) throw new Error(screenId);
    switch (screen.kind) {
      case 'welcome':
      case 'interstitial':
      case 'loading':
      case 'payment-result':
      case 'order-summary':
        return { type: 'NEXT' };
      case 'single-choice':
        return { type: 'ANSWER', value: screen.options[0]?.value ?? '' };
      case 'payment-error':
        return { type: 'ANSWER', value: screen.primary.value };
      case 'multiple-choice':
        return { type: 'ANSWER', value: [screen.options[0]?.value ?? ''] };
      case 'text':
        return { type: 'ANSWER', value: 'Maya' };
      case 'price':
        return { type: 'ANSWER', value: 'mxp_astrelle_trial_1_2900_live' };
      case 'offers':
        return { type: 'ANSWER', value: [] };
      case 'date':
        return { type: 'ANSWER', value: '1990-05-17' };
      case 'time':
        return { type: 'ANSWER', value: '10:30' };
      case 'place':
        return { type: 'ANSWER', value: place };
      case 'email':
        return { type: 'SUBMIT_EMAIL', email };
    }
  }

  function walkToEmail(send: (event: FunnelEvent) => void, current: () => string) {
    for (let i = 0; i < 100 && current() !== 'email'; i++) send(eventFor(current()));
    expect(current()).toBe('email');
    send({ type: 'SUBMIT_EMAIL', email });
  }

  it('saving the machine state after SUBMIT_EMAIL writes answers and position but no email', async () => {
    const machine = compileFlow(flow, { kinds: productKinds, now: () => now, effects: pendingEffects(flow) }).provide({ actors: { submitEmail: fromPromise(async () => ({ outcome: 'created' })) } });
    const actor = createActor(machine).start();
    walkToEmail((e) => actor.send(e), () => screenIdOf(actor.getSnapshot()));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.email).toBe(email);

    const storage = new MemoryStorage();
    saveProgress(storage, flow, { screen: screenIdOf(snapshot), answers: snapshot.context.answers, trail: snapshot.context.trail, assigned: snapshot.context.assigned, seen: snapshot.context.seen });
    const raw = storage.getItem(key) ?? '';
    expect(raw).not.toContain(email);
    expect(raw).not.toContain('@');
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual(['answers', 'assigned', 'flowId', 'flowVersion', 'migrations', 'screen', 'seen', 'trail']);
    // The address was submitted and is held in memory; the visitor is on the screen after /email.
    expect(loadProgress(storage, flow, productKinds, now)).toMatchObject({ screen: 'get-access', answers: snapshot.context.answers });
  });
});
