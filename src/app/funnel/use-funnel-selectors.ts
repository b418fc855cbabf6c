import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { screenIdOf } from '../../engine/compile-flow';
import { resultsByKind } from '../../screens/results-by-kind';
import type { FunnelActor } from './create-funnel';

/** What the funnel's view reads from the machine's snapshot: each value re-renders the view only when it changes. */
export function useFunnelSelectors(actor: FunnelActor) {
  const screenId = useSelector(actor, (s) => screenIdOf(s));
  const answers = useSelector(actor, (s) => s.context.answers);
  const email = useSelector(actor, (s) => s.context.email);
  const stored = useSelector(actor, (s) => s.context.results);
  // Screens read results by the kind the flow checker verified their fields name (results.plans[screen.plansFrom]).
  const results = useMemo(() => resultsByKind(stored), [stored]);
  // A screen that submits to an effect is busy while it runs (its sub-state "submitting").
  const busy = useSelector(actor, (s) => typeof s.value === 'object' && Object.values(s.value).includes('submitting'));
  const flags = useSelector(actor, (s) => s.context.flags);
  const assigned = useSelector(actor, (s) => s.context.assigned);
  const flagsSettled = useSelector(actor, (s) => s.context.flagsSettled);
  const seen = useSelector(actor, (s) => s.context.seen);
  return { screenId, answers, email, stored, results, busy, flags, assigned, flagsSettled, seen };
}

export type FunnelReads = ReturnType<typeof useFunnelSelectors>;
