import { MemoryStorage } from './test-support/memory-storage';
import { pendingEffects } from './test-support/pending-effects';
import { describe, it, expect, afterEach } from 'vitest';
import { screenIdOf } from './compile-flow';
import { createActor, fromPromise } from 'xstate';
import flowJson from '../../flows/astrology.json';
import type { Flow } from './generated/flow-types';
import { validateFlow } from './validate-flow';
import { compileFlow, type FunnelEvent } from './compile-flow';
import { loadProgress, saveProgress, storageKey, type ProgressStorage, type SavedProgress } from './persistence';
import type { ProgressMigration } from './migrations';
import { pathFor } from './flow-graph';

function loadFlow(): Flow {
  const result = validateFlow(structuredClone(flowJson));
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
    expect(loadProgress(storage, flow, now)).toEqual({ flowId: 'astrology', flowVersion: flow.version, ...validProgress() });
    expect(storage.getItem(key)).not.toBeNull();
  });

  it('keeps progress under a key of its own flow', () => {
    const storage = new MemoryStorage();
    saveProgress(storage, flow, validProgress());
    expect([...storage.items.keys()]).toEqual(['astrelle:progress:astrology']);
  });

  it('returns null when nothing was saved', () => {
    expect(loadProgress(new MemoryStorage(), flow, now)).toBeNull();
  });

  it('keeps a trail that runs ahead of the current screen (browser forward)', () => {
    const storage = new MemoryStorage();
    saveProgress(storage, flow, { ...validProgress(), screen: 'profile-name' });
    expect(loadProgress(storage, flow, now)?.screen).toBe('profile-name');
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
    expect(loadProgress(storage, flow, now)).toMatchObject(progress);
  });

  it('restores the upsell reached from a payment return, whose way there only the payment check decided', () => {
    // /payment-success leads to /signup-offer only when checkPayment said "paid", an answer kept in memory only.
    const storage = new MemoryStorage();
    const progress = { screen: 'signup-offer', answers: { '5-1': 'mxp_plan_1', '6-1': ['birth_chart'] }, trail: [...pathFor(flow, {}), 'payment-success', 'signup-offer'] };
    saveProgress(storage, flow, progress);
    expect(loadProgress(storage, flow, now)).toMatchObject(progress);
  });
});

describe('loadProgress drops progress that does not fit the flow, whole, and removes it', () => {
  const cases: Array<[string, unknown]> = [
    ['progress from another flow', saved({ flowId: 'horoscope' })],
    ['an older version without a migration', saved({ flowVersion: flow.version - 1 })],
    ['a newer version than the flow', saved({ flowVersion: flow.version + 1 })],
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
    expect(loadProgress(storage, flow, now)).toBeNull();
    expect(storage.getItem(key)).toBeNull();
  });

  it('leaves the progress of other flows alone', () => {
    const storage = storedRaw(saved({ screen: 'nowhere' }));
    storage.setItem('astrelle:progress:other', 'kept');
    loadProgress(storage, flow, now);
    expect(storage.getItem('astrelle:progress:other')).toBe('kept');
  });
});

describe('migrations', () => {
  const from = flow.version - 1;
  // The flow's migrations, as the app hands them to loadProgress: one step, from the version before.
  const migrations: Record<number, ProgressMigration> = {};
  afterEach(() => {
    delete migrations[from];
  });

  it('upgrades old progress with a registered migration', () => {
    // Version `from` called the name "name" and the single option "alone".
    migrations[from] = (progress) => {
      const old = progress.answers;
      if (typeof old !== 'object' || old === null) return progress;
      const answers: Record<string, unknown> = { ...old };
      answers['2-1'] = answers.name;
      delete answers.name;
      if (answers['1-1'] === 'alone') answers['1-1'] = 'single';
      return { ...progress, answers };
    };
    const storage = storedRaw({
      flowId: flow.id,
      flowVersion: from,
      screen: 'profile-birthday',
      answers: { '1-1': 'alone', '1-2': 'find_love', '1-3': 'beginner', name: 'Maya' },
      trail: trailToBirthday,
    });
    expect(loadProgress(storage, flow, now, migrations)).toEqual({ flowId: flow.id, flowVersion: flow.version, ...validProgress() });
  });

  it('drops the progress, not the app, when a migration throws', () => {
    migrations[from] = (progress) => ({ ...progress, answers: Object.fromEntries(Object.entries(progress.answers as object)) });
    const storage = storedRaw({ flowId: flow.id, flowVersion: from, screen: 'welcome', trail: ['welcome'] });
    expect(loadProgress(storage, flow, now, migrations)).toBeNull();
    expect(storage.getItem(key)).toBeNull();
  });

  it('still drops migrated progress that does not fit the current flow', () => {
    migrations[from] = (progress) => progress;
    const storage = storedRaw(saved({ flowVersion: from, answers: { name: 'Maya' } }));
    expect(loadProgress(storage, flow, now, migrations)).toBeNull();
    expect(storage.getItem(key)).toBeNull();
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
    expect(() => loadProgress(throwing, flow, now)).not.toThrow();
    expect(loadProgress(throwing, flow, now)).toBeNull();
  });

  it('saveProgress swallows a failing write', () => {
    expect(() => saveProgress(throwing, flow, validProgress())).not.toThrow();
  });

  it('loadProgress returns null when removing unfitting progress throws', () => {
    const storage: ProgressStorage = { getItem: () => JSON.stringify(saved({ screen: 'gone' })), setItem: () => {}, removeItem: throwing.removeItem };
    expect(loadProgress(storage, flow, now)).toBeNull();
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
    const machine = compileFlow(flow, { now: () => now, effects: pendingEffects(flow) }).provide({ actors: { submitEmail: fromPromise(async () => ({ outcome: 'created' })) } });
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
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual(['answers', 'assigned', 'flowId', 'flowVersion', 'screen', 'seen', 'trail']);
    // The address was submitted and is held in memory; the visitor is on the screen after /email.
    expect(loadProgress(storage, flow, now)).toMatchObject({ screen: 'get-access', answers: snapshot.context.answers });
  });
});
