import type { Flow, Screen } from './generated/flow-types';
import type { FlagValues } from './flags';
import { branchesOf } from './flow-graph';
import { conditionFlags } from './conditions';
import { textVariantFlags } from './text-variants';

/**
 * The flags a screen reads, derived from the flow (an editor declares nothing more): a condition of one of its
 * `next` branches, or of one of a price screen's conditional `returnTo` routes; a price screen's `plansBy`; the
 * flag of one of its text variants. A visitor is assigned these flags, for good, when the screen opens.
 */
export function flagsOfScreen(screen: Screen): string[] {
  const conditions = branchesOf(screen).flatMap((branch) => (branch.when ? [branch.when] : []));
  if (screen.kind === 'price' && screen.returnTo) {
    for (const value of Object.values(screen.returnTo)) {
      if (typeof value !== 'string') conditions.push(...value.flatMap((route) => (route.when ? [route.when] : [])));
    }
  }
  const plansBy = screen.kind === 'price' && screen.plansBy !== undefined ? [screen.plansBy] : [];
  return [...new Set([...conditions.flatMap(conditionFlags), ...plansBy, ...textVariantFlags(screen)])];
}

/** The flags the screen `screenId` of the flow reads (see flagsOfScreen); none for an unknown screen. */
export function flagsReadBy(flow: Flow, screenId: string): string[] {
  const screen = flow.screens.find((s) => s.id === screenId);
  return screen ? flagsOfScreen(screen) : [];
}

/**
 * The assignments after a screen reading `reads` opens with `flags` in force: each read flag not yet assigned
 * takes its value now; an assigned one keeps the value the visitor saw.
 */
export function assignReads(assigned: Readonly<FlagValues>, flags: Readonly<FlagValues>, reads: readonly string[]): FlagValues {
  const next: FlagValues = { ...assigned };
  for (const name of reads) {
    const value = flags[name];
    if (!Object.hasOwn(next, name) && value !== undefined) next[name] = value;
  }
  return next;
}
