import { useCallback, useEffect, useMemo, type ComponentType } from 'react';
import type { Flow, Screen } from '../../engine/generated/flow-types';
import type { FunnelEvent } from '../../engine/compile-flow';
import { screenIdOf } from '../../engine/compile-flow';
import { isQuestionScreen } from '../../engine/answers';
import { indexFlow, pathFor } from '../../engine/flow-graph';
import { screenRegistry } from '../../screens/registry';
import type { ScreenProps } from '../../screens/screen-props';
import type { FunnelActor } from './create-funnel';
import { useFunnelSelectors } from './use-funnel-selectors';
// styled-components numbers its components in the order they are created, and their class names follow: the
// placeholder is made before the frame and the top bar after the slot, so the frame and the slot, which the landing
// shows too, keep their names.
import { useFlagWait, WaitingForFlags } from './use-flag-wait';
import { FunnelFrame, preloadGroupArt } from './funnel-frame';
import { consumeStartIntent, stopEarlyTaps } from '../landing-intent';
import { preloadSkyAtBirth } from '../../screens/interstitial/use-sky-at-birth';
import { ScreenSlot } from './screen-slot';
import { useRenderAhead } from './use-render-ahead';
import { useScreenJustLeft } from './use-screen-just-left';
import { TopBar, useHydrated } from './top-bar';
import { kindOf } from '../../engine/kinds/kind-registry';
import type { KindRegistry } from '../../engine/kinds/screen-kind';

/** Renders the current screen of the funnel; navigation belongs to the machine, never to this view. */
export function FunnelView({ flow, kinds, actor, sessionReady }: { flow: Flow; kinds: KindRegistry; actor: FunnelActor; sessionReady: boolean }) {
  useEffect(() => {
    // A tap on the landing page made before this chunk arrived (see landing-intent.ts).
    stopEarlyTaps();
    if (consumeStartIntent() && screenIdOf(actor.getSnapshot()) === flow.start) actor.send({ type: 'NEXT' });
  }, [actor, flow.start]);
  useEffect(() => preloadGroupArt(flow.groups), [flow.groups]);
  const { byId } = useMemo(() => indexFlow(flow), [flow]);
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
  const ahead = useRenderAhead(byId, kinds, screen, reads);
  const leaving = useScreenJustLeft(screen);
  // Whether the landing's prerendered HTML has been hydrated (the hidden top bar waits for it).
  const hydrated = useHydrated();
  if (!screen) return null;
  if (awaiting) return <FunnelFrame group={flow.groups[screen.group]} groupId={screen.group}><WaitingForFlags role="status" aria-label="Loading" /></FunnelFrame>;

  return (
    <FunnelFrame group={flow.groups[screen.group]} groupId={screen.group}>
        <TopBar screen={screen} kind={kindOf(kinds, screen)} path={path} progressUntil={flow.progressUntil} hydrated={hydrated} sessionReady={sessionReady} onBack={() => send({ type: 'BACK' })} />
        {[
          ...(leaving && leaving.id !== screen.id ? [leaving] : []),
          screen,
          ...(ahead && ahead.id !== leaving?.id ? [ahead] : []),
        ].map((shown) => (
          // Keyed by screen, in the same place: the screen rendered ahead is the one shown after the tap, not a copy.
          <ScreenSlot key={shown.id} shown={shown === screen}>
            <ScreenView
              screen={shown}
              answers={answers}
              answer={isQuestionScreen(shown) ? answers[shown.answerKey] : undefined}
              send={send}
              email={email}
              results={results}
              busy={shown === screen && busy}
              profile={flow.profile}
              flags={flags}
            />
          </ScreenSlot>
        ))}
    </FunnelFrame>
  );
}

/** Picks the registered component for the screen's kind. */
function ScreenView(props: ScreenProps<Screen>) {
  // The registry pairs each kind with its component; TypeScript cannot follow the pairing through an index.
  const Component = screenRegistry[props.screen.kind] as ComponentType<ScreenProps<Screen>>;
  return <Component {...props} />;
}
