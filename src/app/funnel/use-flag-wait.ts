import { useEffect } from 'react';
import styled from 'styled-components';
import { useSelector } from '@xstate/react';
import type { Flow } from '../../engine/generated/flow-types';
import { awaitsFlags } from '../../engine/awaits-flags';
import type { FunnelActor } from './create-funnel';
import type { KindRegistry } from '../../engine/kinds/screen-kind';

/** A screen waits at most this long for Remote Config before it takes the flow's defaults. */
export const FLAG_WAIT_MS = 3000;

/** What the funnel shows in the screen's place while it waits. */
export const WaitingForFlags = styled.div`
  min-height: 320px;
`;

/**
 * Whether the current screen waits for Remote Config. A screen that reads an A/B flag the visitor has not been
 * assigned waits, 3 s at most, then takes the default: what the visitor sees never changes under them.
 */
export function useFlagWait(flow: Flow, kinds: KindRegistry, actor: FunnelActor): boolean {
  const awaiting = useSelector(actor, (s) => awaitsFlags(kinds, flow, s));
  useEffect(() => {
    if (!awaiting) return;
    const timer = window.setTimeout(() => actor.send({ type: 'FLAGS_SETTLED' }), FLAG_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [awaiting, actor]);
  return awaiting;
}
