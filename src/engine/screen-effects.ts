import type { Screen } from './generated/flow-types';
import { screenSubmits, type Submission } from './generated/screen-submits';

/**
 * The effect whose outcome a screen shows, and waits for before it can be answered: a payment result screen's
 * `statusFrom`, a payment error screen's `reasonFrom`.
 */
export function statusEffectOf(screen: Screen): string | undefined {
  if (screen.kind === 'payment-result') return screen.statusFrom;
  if (screen.kind === 'payment-error') return screen.reasonFrom;
  return undefined;
}

/** The kinds whose `$defs` entry in the schema says what they submit (`x-submits`). */
type SubmittingKind = { [K in Screen['kind']]: (typeof screenSubmits)[K] extends null ? never : K }[Screen['kind']];
type SubmittingScreen = Extract<Screen, { kind: SubmittingKind }>;

function isSubmitting(screen: Screen): screen is SubmittingScreen {
  return screenSubmits[screen.kind] !== null;
}

/** What a screen submits, as the schema declares for its kind (`x-submits`); null when it submits nothing. */
export function submissionOf(screen: Screen): Submission | null {
  return screenSubmits[screen.kind];
}

/** The effect a screen submits to: its `submit`, on a kind the schema declares submitting. */
export function submitEffectOf(screen: Screen): string | undefined {
  return isSubmitting(screen) ? screen.submit : undefined;
}
