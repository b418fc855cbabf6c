import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import type { Flow } from '../../engine/generated/flow-types';
import type { FunnelEvent } from '../../engine/compile-flow';
import { screenIdOf } from '../../engine/compile-flow';
import { isQuestionScreen } from '../../engine/answers';
import { indexFlow, pathFor } from '../../engine/flow-graph';
import { landingOf } from '../../shared/page-flow';
import type { FunnelActor } from './create-funnel';
import { useFunnelSelectors } from './use-funnel-selectors';
import { useFlagWait, WaitingForFlags } from './use-flag-wait';
import { FunnelFrame, preloadGroupArt } from './funnel-frame';
import { handOverFromLanding, replayEarlyTaps } from '../landing-intent';
import { preloadSkyAtBirth } from '../../screens/interstitial/use-sky-at-birth';
import { useRenderAhead } from './use-render-ahead';
import { useScreenJustLeft } from './use-screen-just-left';
import { useIdleValue } from './use-idle-value';
import { useHydrated } from './top-bar';
import { FunnelScreens, landingDrawing } from './funnel-screens';
import type { KindRegistry } from '../../engine/kinds/screen-kind';

/**
 * Renders the current screen of the funnel; navigation belongs to the machine, never to this view.
 *
 * While it hydrates the prerendered landing it draws what the prerender drew (src/app/prerendered-landing.tsx): the
 * landing, and its first question kept hidden in the page with that question's top bar, whatever the machine's state
 * is by then (the visitor may have tapped "start" on the prerendered page, and the machine has moved on). The render
 * right after shows the machine's state, in the same elements: the first question the visitor already sees is the
 * one React now runs, and the taps the visitor made on it before the code arrived are replayed on it.
 */
export function FunnelView({ flow, kinds, actor, sessionReady, startIfRequested }: {
  flow: Flow;
  kinds: KindRegistry;
  actor: FunnelActor;
  sessionReady: boolean;
  /** The composed app's: moves the funnel on from the landing when the visitor asked for it before it ran. */
  startIfRequested: () => void;
}) {
  const hydrated = useHydrated();
  // A tap on the landing made before this chunk arrived, with the app running (landing-intent.ts).
  useEffect(() => startIfRequested(), [startIfRequested]);
  const { byId } = useMemo(() => indexFlow(flow), [flow]);
  // The landing as the prerender drew it for this version (its page flow's), and the first question drawn ahead.
  const landing = useMemo(() => landingOf(flow, kinds), [flow, kinds]);
  const landingQuestion = landing?.question?.screen;
  // From the first render after hydrating, taps on the landing and its first question are the funnel's own.
  useLayoutEffect(() => {
    if (hydrated) handOverFromLanding();
  }, [hydrated]);
  useEffect(() => {
    if (!hydrated || !landingQuestion) return;
    replayEarlyTaps(() => screenIdOf(actor.getSnapshot()) === landingQuestion.id);
  }, [hydrated, landingQuestion, actor]);
  useEffect(() => preloadGroupArt(flow.groups), [flow.groups]);
  const reads = useFunnelSelectors(actor);
  const { answers, email, results, busy, flags } = reads;
  const send = useCallback((event: FunnelEvent) => actor.send(event), [actor]);
  const screen = byId.get(reads.screenId);
  // The sky at the visitor's birth is shown soon after their birth date, time and place are asked.
  const asksBirth = screen !== undefined && isQuestionScreen(screen) && [flow.profile.birthDate, flow.profile.birthTime, flow.profile.birthPlace].includes(screen.answerKey);
  useEffect(() => {
    if (asksBirth) preloadSkyAtBirth();
  }, [asksBirth]);
  const awaiting = useFlagWait(flow, kinds, actor);
  const path = useMemo(() => pathFor(flow, answers), [flow, answers]);
  // Hydrating the prerendered landing: its first question is the screen rendered ahead from the first render on.
  const ahead = useRenderAhead(byId, kinds, screen, reads, hydrated ? undefined : landingQuestion);
  const leaving = useScreenJustLeft(screen);
  // The page group of the screen rendered ahead, when it is another: its art is painted ahead too, at the idle moment
  // after (never in the landing's load, where its image and its layers would weigh on the page's first seconds).
  const artAhead = useIdleValue(ahead && screen && ahead.group !== screen.group ? ahead.group : undefined, undefined);
  const onBack = useCallback(() => send({ type: 'BACK' }), [send]);
  // What the prerender drew, from the flow alone (FunnelScreens, as below: the elements stay when the render after
  // shows the machine's state).
  if (!hydrated && landing) return <FunnelScreens {...landingDrawing(landing, kinds)} />;
  if (!screen) return null;
  if (awaiting) return <FunnelFrame group={flow.groups[screen.group]} groupId={screen.group}><WaitingForFlags role="status" aria-label="Loading" /></FunnelFrame>;
  return (
    <FunnelScreens
      group={flow.groups[screen.group]}
      groupId={screen.group}
      next={artAhead === undefined ? undefined : { id: artAhead, group: flow.groups[artAhead] }}
      kinds={kinds}
      topBar={{ screen, path, progressUntil: flow.progressUntil, hidden: false, sessionReady, onBack }}
      hydrated={hydrated}
      screens={[
        ...(leaving && leaving.id !== screen.id ? [leaving] : []),
        screen,
        ...(ahead && ahead.id !== leaving?.id ? [ahead] : []),
      ]}
      shown={screen}
      props={{ answers, send, email, results, busy, profile: flow.profile, flags }}
    />
  );
}
