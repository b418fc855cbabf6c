import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import type { Flow } from '../../engine/generated/flow-types';
import type { FunnelEvent } from '../../engine/compile-flow';
import { screenIdOf } from '../../engine/compile-flow';
import { isQuestionScreen } from '../../engine/answers';
import { indexFlow, pathFor } from '../../engine/flow-graph';
import { landingQuestionOf } from '../../engine/landing-question';
import type { FunnelActor } from './create-funnel';
import { useFunnelSelectors } from './use-funnel-selectors';
// styled-components numbers its components in the order they are created, and their class names follow: the
// placeholder is made before the frame and the top bar after the slot, so the frame and the slot, which the landing
// shows too, keep their names.
import { useFlagWait, WaitingForFlags } from './use-flag-wait';
import { FunnelFrame, preloadGroupArt } from './funnel-frame';
import { handOverFromLanding, replayEarlyTaps } from '../landing-intent';
import { preloadSkyAtBirth } from '../../screens/interstitial/use-sky-at-birth';
import { useRenderAhead } from './use-render-ahead';
import { useScreenJustLeft } from './use-screen-just-left';
import { useHydrated } from './top-bar';
import { FunnelScreens } from './funnel-screens';
import type { KindRegistry } from '../../engine/kinds/screen-kind';
import { resultsByKind } from '../../screens/results-by-kind';

const noAnswers = {};
const noResults = resultsByKind({});
const noFlags = {};
const goNowhere = () => {};

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
  const landingQuestion = useMemo(() => landingQuestionOf(flow, kinds), [flow, kinds]);
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
  const landing = byId.get(flow.start);
  // Hydrating the prerendered landing: its first question is the screen rendered ahead from the first render on.
  const ahead = useRenderAhead(byId, kinds, screen, reads, hydrated ? undefined : (landingQuestion ?? undefined));
  const leaving = useScreenJustLeft(screen);
  const onBack = useCallback(() => send({ type: 'BACK' }), [send]);
  if (!hydrated && landing) {
    // What the prerender drew, from the flow alone.
    return (
      <FunnelScreens
        group={flow.groups[landing.group]}
        groupId={landing.group}
        kinds={kinds}
        topBar={{ screen: landingQuestion ?? landing, path: pathFor(flow, noAnswers), progressUntil: flow.progressUntil, hidden: landingQuestion !== null, sessionReady: false, onBack: goNowhere }}
        hydrated={false}
        screens={landingQuestion ? [landing, landingQuestion] : [landing]}
        shown={landing}
        props={{ answers: noAnswers, send: goNowhere, email: null, results: noResults, busy: false, profile: flow.profile, flags: noFlags }}
      />
    );
  }
  if (!screen) return null;
  if (awaiting) return <FunnelFrame group={flow.groups[screen.group]} groupId={screen.group}><WaitingForFlags role="status" aria-label="Loading" /></FunnelFrame>;
  return (
    <FunnelScreens
      group={flow.groups[screen.group]}
      groupId={screen.group}
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
