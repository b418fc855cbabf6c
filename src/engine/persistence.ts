import type { Flow, Migration } from './generated/flow-types';
import type { Answers } from './answers';
import { isQuestionScreen } from './answers';
import { answerProblem } from './kinds/kind-registry';
import type { KindRegistry } from './kinds/screen-kind';
import { carryAnswers, migrationsOf } from './migrations';
import { consistentTrail, defaultFlags, indexFlow, pathFor, pruneAnswers, screensOfferedOnce } from './flow-graph';
import { declaredValues, flagDeclarations, type FlagValues } from './flags';

/**
 * What is kept of a visitor between visits: where they are, what they answered, and the flag values they have been
 * shown (sticky: a reload never changes them). Never the email.
 */
export interface SavedProgress {
  flowId: string;
  flowVersion: number;
  screen: string;
  answers: Answers;
  trail: string[];
  /** The machine's `assigned`: flag name → the value the visitor saw. */
  assigned: FlagValues;
  /** The machine's `seen`: the screens offered once (`once: true`) that the visitor has been shown. */
  seen: string[];
  /** The flow version's `migrations` when saved: what carries the answers to another version (migrations.ts). */
  migrations: Migration[];
}

/** What the app saves: the machine's screen, answers, trail, assignments (none before any flag was shown) and seen screens offered once. */
export type ProgressToSave = Omit<SavedProgress, 'flowId' | 'flowVersion' | 'assigned' | 'seen' | 'migrations'> & { assigned?: FlagValues; seen?: readonly string[] };

export interface ProgressStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const storageKey = (flow: Flow) => `astrelle:progress:${flow.id}`;

/** Writes progress; storage failures (private browsing, quota) are ignored: the funnel goes on in memory. */
export function saveProgress(storage: ProgressStorage, flow: Flow, progress: ProgressToSave): void {
  // Only declared flags with allowed values: nothing else (least of all an email) can ride along.
  const assigned = declaredValues(flagDeclarations(flow), progress.assigned ?? {});
  const seen = offeredOnce(flow, progress.seen ?? []);
  const saved: SavedProgress = {
    flowId: flow.id,
    flowVersion: flow.version,
    screen: progress.screen,
    answers: progress.answers,
    trail: progress.trail,
    assigned,
    seen,
    migrations: migrationsOf(flow),
  };
  try {
    storage.setItem(storageKey(flow), JSON.stringify(saved));
  } catch {
    // Storage is a convenience; losing it must not break the visit.
  }
}

/**
 * Reads saved progress for this flow. Progress of this version that does not fit it exactly (unknown screen, unknown
 * answer key, an answer its screen would refuse, a trail through screens that no longer exist) is dropped whole,
 * never half-restored. Progress of another version of the flow (the visitor was moved on: their version was retired,
 * or published over with visitors moved) is carried over instead (moveProgress). Saved flag assignments are kept one
 * by one: an assignment of a flag the flow no longer declares, or to a value it no longer allows, is an experiment
 * that ended or changed, and the visitor is assigned afresh when a screen reads it. Progress saved before
 * assignments were kept has none.
 */
export function loadProgress(storage: ProgressStorage, flow: Flow, kinds: KindRegistry, now: Date = new Date()): SavedProgress | null {
  let raw: string | null;
  try {
    raw = storage.getItem(storageKey(flow));
  } catch {
    return null;
  }
  if (raw === null) return null;
  const progress = readSaved(parse(raw), flow);
  if (progress && progress.flowVersion !== flow.version) return moveProgress(progress, flow, kinds, now);
  if (progress && fits(progress, flow, kinds, now)) return progress;
  try {
    storage.removeItem(storageKey(flow));
  } catch {
    // Nothing more to do: the next save overwrites it.
  }
  return null;
}

/**
 * Whether this browser holds progress saved on another version of the flow: the visitor was moved on (their version
 * was retired, or published over with visitors moved), and the address they come back to may be a screen only their
 * old version had.
 */
export function savedOnAnotherVersion(storage: ProgressStorage, flow: Flow): boolean {
  let raw: string | null;
  try {
    raw = storage.getItem(storageKey(flow));
  } catch {
    return false;
  }
  const saved = raw === null ? null : readSaved(parse(raw), flow);
  return saved !== null && saved.flowVersion !== flow.version;
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The ids among `ids` of the flow's screens offered once (`once: true`), each once, in order. */
export function offeredOnce(flow: Flow, ids: readonly string[]): string[] {
  const once = screensOfferedOnce(flow);
  return [...new Set(ids.filter((id) => once.has(id)))];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Saved progress of this flow, of whichever version, in its saved shape; null when it is not what this app writes. */
function readSaved(data: unknown, flow: Flow): SavedProgress | null {
  if (!isRecord(data) || data.flowId !== flow.id || typeof data.flowVersion !== 'number') return null;
  const { screen, answers, trail } = data;
  // None before assignments were kept; anything but a map (null included) is not what this app writes.
  const assigned = data.assigned === undefined ? {} : data.assigned;
  if (typeof screen !== 'string' || !isRecord(answers) || !Array.isArray(trail) || !trail.every((t) => typeof t === 'string') || !isRecord(assigned)) return null;
  // None before seen screens were kept. Like assignments, kept one by one: a screen no longer offered once is dropped.
  const seen = Array.isArray(data.seen) ? offeredOnce(flow, data.seen.filter((id): id is string => typeof id === 'string')) : [];
  const migrations = Array.isArray(data.migrations) ? (data.migrations.filter(isRecord) as unknown as Migration[]) : [];
  return { flowId: flow.id, flowVersion: data.flowVersion, screen, answers: answers as Answers, trail, assigned: declaredValues(flagDeclarations(flow), assigned), seen, migrations };
}

/**
 * Progress saved on another version of the flow, carried to this one: its answers renamed by the versions'
 * `migrations` (forwards, or undone after a rollback), each kept only where this version asks the question and takes
 * the answer; the visitor resumes at the first screen of their path, as these answers choose it, that asks a question
 * they have no answer to (or at the path's end), never at step one when they had answered something.
 */
export function moveProgress(saved: SavedProgress, flow: Flow, kinds: KindRegistry, now: Date = new Date()): SavedProgress {
  const renamed = carryAnswers(saved.answers, saved.migrations, migrationsOf(flow));
  const byKey = new Map(flow.screens.filter(isQuestionScreen).map((s) => [s.answerKey, s]));
  const taken: Answers = Object.fromEntries(
    Object.entries(renamed).filter(([key, value]) => {
      const screen = byKey.get(key);
      return screen !== undefined && answerProblem(kinds, screen, value, now) === null;
    }),
  );
  const flags = { ...defaultFlags(flow), ...saved.assigned };
  const path = pathFor(flow, taken, flags);
  const { byId } = indexFlow(flow);
  const stop = path.findIndex((id) => {
    const screen = byId.get(id)!;
    return id !== flow.start && isQuestionScreen(screen) && !(screen.answerKey in taken);
  });
  const trail = stop < 0 ? path : path.slice(0, stop + 1);
  const answers = pruneAnswers(flow, taken, trail, flags);
  return { flowId: flow.id, flowVersion: flow.version, screen: trail.at(-1) ?? flow.start, answers, trail, assigned: saved.assigned, seen: saved.seen, migrations: migrationsOf(flow) };
}

function fits(progress: SavedProgress, flow: Flow, kinds: KindRegistry, now: Date): boolean {
  const ids = new Set(flow.screens.map((s) => s.id));
  if (!ids.has(progress.screen) || !progress.trail.every((id) => ids.has(id))) return false;
  if (!progress.trail.includes(progress.screen)) return false;
  // The trail must be a path these answers (and the visitor's flags) take, and no answer may belong to a branch not taken.
  const flags = { ...defaultFlags(flow), ...progress.assigned };
  if (consistentTrail(flow, progress.trail, progress.answers, flags).length !== progress.trail.length) return false;
  if (Object.keys(pruneAnswers(flow, progress.answers, progress.trail, flags)).length !== Object.keys(progress.answers).length) return false;
  const byKey = new Map(flow.screens.filter(isQuestionScreen).map((s) => [s.answerKey, s]));
  return Object.entries(progress.answers).every(([key, value]) => {
    const screen = byKey.get(key);
    return screen !== undefined && answerProblem(kinds, screen, value, now) === null;
  });
}
