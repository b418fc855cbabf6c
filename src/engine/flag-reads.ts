import type { Flow, Screen } from './generated/flow-types';
import type { FlagValues } from './flags';
import { branchesOf } from './flow-graph';
import { conditionFlags } from './conditions';
import { textVariantFlags } from './text-variants';
import type { KindRegistry } from './kinds/screen-kind';

/**
 * The flags a screen reads, derived from the flow (an editor declares nothing more): a condition of one of its
 * `next` branches, or of one of its conditional `returnTo` routes (a price screen's); its `plansBy` (a flag picking
 * the plans shown); the flag of one of its text variants. A visitor is assigned these flags, for good, when the
 * screen opens.
 */
export function flagsOfScreen(kinds: KindRegistry, screen: Screen): string[] {
  const conditions = branchesOf(screen).flatMap((branch) => (branch.when ? [branch.when] : []));
  if ('returnTo' in screen && screen.returnTo) {
    for (const value of Object.values(screen.returnTo)) {
      if (typeof value !== 'string') conditions.push(...value.flatMap((route) => (route.when ? [route.when] : [])));
    }
  }
  const plansBy = 'plansBy' in screen && screen.plansBy !== undefined ? [screen.plansBy] : [];
  return [...new Set([...conditions.flatMap(conditionFlags), ...plansBy, ...textVariantFlags(kinds, screen)])];
}

/** The flags the screen `screenId` of the flow reads (see flagsOfScreen); none for an unknown screen. */
export function flagsReadBy(kinds: KindRegistry, flow: Flow, screenId: string): string[] {
  const screen = flow.screens.find((s) => s.id === screenId);
  return screen ? flagsOfScreen(kinds, screen) : [];
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
