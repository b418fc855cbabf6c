import type { Flow, Screen } from './generated/flow-types';
import { flagsOfScreen } from './flag-reads';
import { resolveNext } from './flow-graph';
import { resultReads } from './kinds/kind-registry';
import type { KindRegistry } from './kinds/screen-kind';

/**
 * The screen a tap on the landing's call to action leads to, when it can be drawn before the funnel's code runs:
 * prerendered with the landing, it is shown by the landing's inline script at the tap, however slow the network.
 *
 * That holds only for a screen every visitor of the version sees first, drawn the same for all of them: the landing's
 * next screen decided with no answer, no flag and no effect's result (as the machine decides it at the start), of a
 * kind that waits for the visitor (not one that moves on by itself, nor another landing), reading no flag and no
 * effect's result. Null otherwise: the tap is then kept until the funnel runs, as before.
 */
export function landingQuestionOf(flow: Flow, kinds: KindRegistry): Screen | null {
  const landing = flow.screens.find((screen) => screen.id === flow.start);
  if (!landing || kinds[landing.kind]?.landing !== true) return null;
  // A flag would decide the branch, and the visitor's flag is not known before the funnel runs.
  if (flagsOfScreen(kinds, landing).length > 0) return null;
  const nextId = resolveNext(landing, {});
  const next = flow.screens.find((screen) => screen.id === nextId);
  if (!next || next.id === landing.id) return null;
  const kind = kinds[next.kind];
  if (!kind || kind.landing === true || kind.movesOnByItself === true) return null;
  if (flagsOfScreen(kinds, next).length > 0 || resultReads(kinds, next).length > 0) return null;
  return next;
}
