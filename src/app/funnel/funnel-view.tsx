import { startTransition, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ComponentType } from 'react';
import styled from 'styled-components';
import { useSelector } from '@xstate/react';
import type { Flow, Screen } from '../../engine/generated/flow-types';
import type { FunnelEvent } from '../../engine/compile-flow';
import { screenIdOf } from '../../engine/compile-flow';
import { isQuestionScreen } from '../../engine/answers';
import { indexFlow, pathFor, resolveNext } from '../../engine/flow-graph';
import { flagsOfScreen } from '../../engine/flag-reads';
import { awaitsFlags } from '../../engine/awaits-flags';
import { screenRegistry } from '../../screens/registry';
import type { ScreenProps } from '../../screens/screen-props';
import type { FunnelActor } from './create-funnel';
import { resultsByKind } from '../../screens/results-by-kind';
import { BackButton } from './back-button';
import { FunnelFrame, preloadGroupArt } from './funnel-frame';
import { consumeStartIntent, stopEarlyTaps } from '../landing-intent';
import { preloadSkyAtBirth } from '../../screens/interstitial/use-sky-at-birth';
import { whenIdle } from '../../ui/when-idle';
import { ScreenSlot } from './screen-slot';

/** A screen waits at most this long for Remote Config before it takes the flow's defaults. */
export const FLAG_WAIT_MS = 3000;

const Waiting = styled.div`
  min-height: 320px;
`;

const birthQuestionKinds = new Set<Screen['kind']>(['date', 'time', 'place']);

const TopBar = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 44px;
  margin-bottom: 8px;
`;

const Progress = styled.div`
  flex: 1;
  height: 6px;
  border-radius: 3px;
  background: ${({ theme }) => theme.colors.tint};
  overflow: hidden;
  /*
   * The fill is scaled, not resized: the browser's compositor animates a transform on its own, where a width would be
   * laid out and painted again in each frame of the 250 ms after a tap, while the next tap may already come.
   */
  & > div { height: 100%; background: ${({ theme }) => theme.colors.brandStrong}; transform-origin: left; transition: transform 250ms ease; }
`;

const noChanges = () => () => {};

/**
 * False while React hydrates the prerendered landing (its HTML has no top bar), true from the render after, and in a
 * page the client renders from the start.
 */
const useHydrated = () => useSyncExternalStore(noChanges, () => true, () => false);

/** Renders the current screen of the funnel; navigation belongs to the machine, never to this view. */
export function FunnelView({ flow, actor, sessionReady }: { flow: Flow; actor: FunnelActor; sessionReady: boolean }) {
  useEffect(() => {
    // A tap on the landing page made before this chunk arrived (see landing-intent.ts).
    stopEarlyTaps();
    if (consumeStartIntent() && screenIdOf(actor.getSnapshot()) === flow.start) actor.send({ type: 'NEXT' });
  }, [actor, flow.start]);
  useEffect(() => preloadGroupArt(flow.groups), [flow.groups]);
  const { byId } = useMemo(() => indexFlow(flow), [flow]);
  const screenId = useSelector(actor, (s) => screenIdOf(s));
  const answers = useSelector(actor, (s) => s.context.answers);
  const email = useSelector(actor, (s) => s.context.email);
  const stored = useSelector(actor, (s) => s.context.results);
  // Screens read results by the kind the flow checker verified their fields name (results.plans[screen.plansFrom]).
  const results = useMemo(() => resultsByKind(stored), [stored]);
  // A screen that submits to an effect is busy while it runs (its sub-state "submitting").
  const busy = useSelector(actor, (s) => typeof s.value === 'object' && Object.values(s.value).includes('submitting'));
  const send = useCallback((event: FunnelEvent) => actor.send(event), [actor]);
  const screen = byId.get(screenId);
  const kind = screen?.kind;
  useEffect(() => {
    if (kind && birthQuestionKinds.has(kind)) preloadSkyAtBirth();
  }, [kind]);
  const flags = useSelector(actor, (s) => s.context.flags);
  // A screen that reads an A/B flag the visitor has not been assigned waits for Remote Config, 3 s at most, then
  // takes the default: what the visitor sees never changes under them.
  const awaiting = useSelector(actor, (s) => awaitsFlags(flow, s));
  useEffect(() => {
    if (!awaiting) return;
    const timer = window.setTimeout(() => actor.send({ type: 'FLAGS_SETTLED' }), FLAG_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [awaiting, actor]);
  const path = useMemo(() => pathFor(flow, answers), [flow, answers]);
  const assigned = useSelector(actor, (s) => s.context.assigned);
  const flagsSettled = useSelector(actor, (s) => s.context.flagsSettled);
  const seen = useSelector(actor, (s) => s.context.seen);
  // The screen a tap here most likely leads to (the branch today's answers take). None while it reads a flag whose
  // value is not yet the visitor's (not assigned, and Remote Config not settled): it would wait for Remote Config
  // anyway. Once settled, the values in force are the ones the screen is assigned as it opens.
  const likely = useMemo(() => {
    if (!screen) return undefined;
    // Decided as the machine will decide it: a payment's result screen leads on by the payment's outcome once known.
    const next = byId.get(resolveNext(screen, answers, flags, { results: stored, seen }) ?? '');
    if (!next || next.id === screen.id) return undefined;
    return flagsSettled || flagsOfScreen(next).every((name) => Object.hasOwn(assigned, name)) ? next : undefined;
  }, [byId, screen, answers, flags, stored, seen, assigned, flagsSettled]);
  // It is rendered ahead, hidden, once the browser is idle after this screen painted: React builds its elements and
  // styles then, and the browser lays it out, so the tap only shows it (tests/render-ahead.spec.ts). As a transition:
  // a tap that comes while React builds it is handled first, and the tap's own frame never waits for the one after.
  const [ahead, setAhead] = useState<Screen | undefined>(undefined);
  useEffect(() => whenIdle(() => startTransition(() => setAhead(likely))), [likely]);
  // Until the idle moment, the one rendered ahead may be for the screen before: it is kept only while still likely.
  const stillAhead = ahead === likely ? ahead : undefined;
  // The screen just left is hidden, not removed, until the browser is idle: taking its elements out of the page is
  // work the tap need not wait for.
  const [current, setCurrent] = useState(screen);
  const [leaving, setLeaving] = useState<Screen | undefined>(undefined);
  if (screen !== current) {
    setCurrent(screen);
    setLeaving(current);
  }
  useEffect(() => (leaving ? whenIdle(() => setLeaving(undefined)) : undefined), [leaving]);
  // Whether the landing's prerendered HTML has been hydrated (the hidden top bar waits for it, below).
  const hydrated = useHydrated();
  if (!screen) return null;
  if (awaiting) return <FunnelFrame group={flow.groups[screen.group]} groupId={screen.group}><Waiting role="status" aria-label="Loading" /></FunnelFrame>;

  const group = flow.groups[screen.group];
  const back = screen.back;
  // The quiz's progress: along the visitor's path up to the flow's progressUntil screen; none past it.
  const until = flow.progressUntil ? path.indexOf(flow.progressUntil) : -1;
  const quiz = until >= 0 ? path.slice(0, until + 1) : path;
  const position = quiz.indexOf(screen.id);
  const percent = position > 0 ? Math.round((position / (quiz.length - 1)) * 100) : 0;
  // A loading screen shows its own progress: one bar on screen, not two.
  const showProgress = position >= 0 && screen.kind !== 'loading';
  const noTopBar = screen.kind === 'welcome' || (!back && !showProgress);

  return (
    <FunnelFrame group={group} groupId={screen.group}>
        {/*
          * In the page on every screen, hidden where there is neither a back target nor progress (the landing): its CSS
          * rules are made with the first screen, not inserted by the tap into the first screen that shows it
          * (tests/tap-styles.spec.ts). Not while the landing hydrates: its prerendered HTML has none (React would throw
          * that HTML away, #418).
          */}
        {noTopBar && !hydrated ? null : (
          <TopBar hidden={noTopBar}>
            <BackButton key={screen.id} back={back} sessionReady={sessionReady} onBack={() => send({ type: 'BACK' })} />
            {showProgress ? (
              <Progress role="progressbar" aria-label="Quiz progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <div style={{ transform: `scaleX(${percent / 100})` }} />
              </Progress>
            ) : null}
          </TopBar>
        )}
        {[
          ...(leaving && leaving.id !== screen.id ? [leaving] : []),
          screen,
          ...(stillAhead && stillAhead.id !== leaving?.id ? [stillAhead] : []),
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
