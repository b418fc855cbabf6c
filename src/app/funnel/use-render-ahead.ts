import { startTransition, useEffect, useMemo, useState } from 'react';
import type { Screen } from '../../engine/generated/flow-types';
import { resolveNext } from '../../engine/flow-graph';
import { flagsOfScreen } from '../../engine/flag-reads';
import { whenIdle } from '../../ui/when-idle';
import type { FunnelReads } from './use-funnel-selectors';
import type { KindRegistry } from '../../engine/kinds/screen-kind';

type Reads = Pick<FunnelReads, 'answers' | 'flags' | 'stored' | 'seen' | 'assigned' | 'flagsSettled'>;

/**
 * The screen to keep in the page, hidden, ahead of the tap that most likely shows it; undefined while there is none,
 * or while the one rendered ahead is not yet the likely one. `initial`: the one already in the page when the view
 * first renders (the prerendered landing's first question), kept from the start while it is the likely one.
 */
export function useRenderAhead(byId: ReadonlyMap<string, Screen>, kinds: KindRegistry, screen: Screen | undefined, reads: Reads, initial?: Screen): Screen | undefined {
  const { answers, flags, stored, seen, assigned, flagsSettled } = reads;
  // The screen a tap here most likely leads to (the branch today's answers take). None while it reads a flag whose
  // value is not yet the visitor's (not assigned, and Remote Config not settled): it would wait for Remote Config
  // anyway. Once settled, the values in force are the ones the screen is assigned as it opens.
  const likely = useMemo(() => {
    if (!screen) return undefined;
    // Decided as the machine will decide it: a payment's result screen leads on by the payment's outcome once known.
    const next = byId.get(resolveNext(screen, answers, flags, { results: stored, seen }) ?? '');
    if (!next || next.id === screen.id) return undefined;
    return flagsSettled || flagsOfScreen(kinds, next).every((name) => Object.hasOwn(assigned, name)) ? next : undefined;
  }, [byId, kinds, screen, answers, flags, stored, seen, assigned, flagsSettled]);
  // It is rendered ahead, hidden, once the browser is idle after this screen painted: React builds its elements and
  // styles then, and the browser lays it out, so the tap only shows it (tests/render-ahead.spec.ts). As a transition:
  // a tap that comes while React builds it is handled first, and the tap's own frame never waits for the one after.
  const [ahead, setAhead] = useState<Screen | undefined>(initial);
  useEffect(() => whenIdle(() => startTransition(() => setAhead(likely))), [likely]);
  // Until the idle moment, the one rendered ahead may be for the screen before: it is kept only while still likely.
  return ahead === likely ? ahead : undefined;
}
