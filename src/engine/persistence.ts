import type { Flow } from './generated/flow-types';
import type { Answers } from './answers';
import { answerProblem, isQuestionScreen } from './answers';
import type { ProgressMigrations } from './migrations';
import { consistentTrail, defaultFlags, pruneAnswers, screensOfferedOnce } from './flow-graph';
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
}

/** What the app saves: the machine's screen, answers, trail, assignments (none before any flag was shown) and seen screens offered once. */
export type ProgressToSave = Omit<SavedProgress, 'flowId' | 'flowVersion' | 'assigned' | 'seen'> & { assigned?: FlagValues; seen?: readonly string[] };

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
  const saved: SavedProgress = { flowId: flow.id, flowVersion: flow.version, screen: progress.screen, answers: progress.answers, trail: progress.trail, assigned, seen };
  try {
    storage.setItem(storageKey(flow), JSON.stringify(saved));
  } catch {
    // Storage is a convenience; losing it must not break the visit.
  }
}

/**
 * Reads saved progress for this flow. Progress from an older version is migrated with the flow's `migrations`;
 * anything that does not fit the current flow exactly (unknown screen, unknown answer key, an answer its screen
 * would refuse, a trail through screens that no longer exist) is dropped whole, never half-restored. Saved flag
 * assignments are an exception, kept one by one: an assignment of a flag the flow no longer declares, or to a
 * value it no longer allows, is an experiment that ended or changed, and the visitor is assigned afresh when a
 * screen reads it. Progress saved before assignments were kept has none.
 */
export function loadProgress(storage: ProgressStorage, flow: Flow, now: Date = new Date(), migrations: ProgressMigrations = {}): SavedProgress | null {
  let raw: string | null;
  try {
    raw = storage.getItem(storageKey(flow));
  } catch {
    return null;
  }
  if (raw === null) return null;
  const progress = migrate(parse(raw), flow, migrations);
  if (progress && fits(progress, flow, now)) return progress;
  try {
    storage.removeItem(storageKey(flow));
  } catch {
    // Nothing more to do: the next save overwrites it.
  }
  return null;
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

function migrate(data: unknown, flow: Flow, migrations: ProgressMigrations): SavedProgress | null {
  if (!isRecord(data) || data.flowId !== flow.id || typeof data.flowVersion !== 'number') return null;
  let current: Record<string, unknown> = data;
  while (typeof current.flowVersion === 'number' && current.flowVersion < flow.version) {
    const step = migrations[current.flowVersion];
    if (!step) return null;
    try {
      current = { ...step(current), flowVersion: current.flowVersion + 1 };
    } catch {
      // A migration that cannot read this progress means the progress is dropped, not the app.
      return null;
    }
  }
  if (current.flowVersion !== flow.version) return null;
  const { screen, answers, trail } = current;
  // None before assignments were kept; anything but a map (null included) is not what this app writes.
  const assigned = current.assigned === undefined ? {} : current.assigned;
  if (typeof screen !== 'string' || !isRecord(answers) || !Array.isArray(trail) || !trail.every((t) => typeof t === 'string') || !isRecord(assigned)) return null;
  // None before seen screens were kept. Like assignments, kept one by one: a screen no longer offered once is dropped.
  const seen = Array.isArray(current.seen) ? offeredOnce(flow, current.seen.filter((id): id is string => typeof id === 'string')) : [];
  return { flowId: flow.id, flowVersion: flow.version, screen, answers: answers as Answers, trail, assigned: declaredValues(flagDeclarations(flow), assigned), seen };
}

function fits(progress: SavedProgress, flow: Flow, now: Date): boolean {
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
    return screen !== undefined && answerProblem(screen, value, now) === null;
  });
}
