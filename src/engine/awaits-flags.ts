import type { Flow } from './generated/flow-types';
import type { FlagValues } from './flags';
import { screenIdOf } from './compile-flow';
import { flagsReadBy } from './flag-reads';
import type { KindRegistry } from './kinds/screen-kind';

/**
 * Whether the screen the funnel is on reads a flag the visitor has not been assigned yet: it waits for remote
 * config. The app holds the screen (shows nothing of it) while this is true, at most 3 s from when it began, then
 * sends FLAGS_SETTLED; SET_FLAGS with `settled: true` ends the wait as well. Either assigns the flags it reads.
 */
export function awaitsFlags(kinds: KindRegistry, flow: Flow, snapshot: { value: unknown; context: { assigned: FlagValues } }): boolean {
  return pendingFlags(kinds, flow, snapshot).length > 0;
}

/** The flags the current screen reads that the visitor has not been assigned yet. */
export function pendingFlags(kinds: KindRegistry, flow: Flow, snapshot: { value: unknown; context: { assigned: FlagValues } }): string[] {
  const { assigned } = snapshot.context;
  return flagsReadBy(kinds, flow, screenIdOf(snapshot)).filter((name) => !Object.hasOwn(assigned, name));
}
