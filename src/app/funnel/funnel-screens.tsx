import type { ComponentProps, ComponentType } from 'react';
import type { Group, Screen } from '../../engine/generated/flow-types';
import { isQuestionScreen } from '../../engine/answers';
import { kindOf } from '../../engine/kinds/kind-registry';
import type { KindRegistry } from '../../engine/kinds/screen-kind';
import { screenRegistry } from '../../screens/registry';
import type { ScreenProps } from '../../screens/screen-props';
import { resultsByKind } from '../../screens/results-by-kind';
import type { Landing } from '../../shared/page-flow';
import { FunnelFrame, type FrameGroup } from './funnel-frame';
import { ScreenSlot } from './screen-slot';
import { TopBar } from './top-bar';

/** The top bar as drawn: for which screen, along which path, and whether it is only kept in the page hidden. */
export interface DrawnTopBar {
  screen: Screen;
  path: readonly string[];
  progressUntil: string | undefined;
  hidden: boolean;
  sessionReady: boolean;
  onBack: () => void;
}

/**
 * What the funnel draws: the page group's frame, the top bar, and the screens in the page (the one shown, and those
 * kept hidden: the one a tap most likely leads to, the one just left), each through its kind's component.
 * One component for the funnel (FunnelView, from the machine's state) and the prerendered landing (landingDrawing,
 * from the page's flow), so the markup the browser hydrates is the markup the server wrote.
 */
export function FunnelScreens({ group, groupId, next, kinds, topBar, hydrated, screens, shown, props }: {
  group: Group | undefined;
  groupId: string;
  next?: FrameGroup | undefined;
  kinds: KindRegistry;
  topBar: DrawnTopBar;
  hydrated: boolean;
  screens: readonly Screen[];
  shown: Screen;
  props: Omit<ScreenProps, 'screen' | 'answer' | 'busy'> & { busy: boolean };
}) {
  return (
    <FunnelFrame group={group} groupId={groupId} next={next}>
      <TopBar
        screen={topBar.screen}
        kind={kindOf(kinds, topBar.screen)}
        path={topBar.path}
        progressUntil={topBar.progressUntil}
        hydrated={hydrated}
        hidden={topBar.hidden}
        sessionReady={topBar.sessionReady}
        onBack={topBar.onBack}
      />
      {screens.map((screen) => (
        // Keyed by screen, in the same place: the screen rendered ahead is the one shown after the tap, not a copy.
        <ScreenSlot key={screen.id} screenId={screen.id} shown={screen === shown}>
          <ScreenView
            {...props}
            screen={screen}
            answer={isQuestionScreen(screen) ? props.answers[screen.answerKey] : undefined}
            busy={screen === shown && props.busy}
          />
        </ScreenSlot>
      ))}
    </FunnelFrame>
  );
}

const goNowhere = () => {};
const noResults = resultsByKind({});

/**
 * What FunnelScreens draws of the landing as the prerender draws it, from the page's flow (`landingOf`): the welcome
 * screen, and after it, hidden, the first question a tap on "start" leads to with its top bar
 * (src/engine/landing-question.ts), which the landing's inline script shows at the tap before any of the app's code has
 * arrived. No state of a visitor in it: the prerender (src/app/prerendered-landing.tsx) and the funnel's view while it
 * hydrates that HTML draw it alike. Props, not a component of its own: the funnel's view draws FunnelScreens in the
 * same place right after, and React keeps the elements (those the visitor tapped among them) only for the same
 * component.
 */
export function landingDrawing(landing: Landing, kinds: KindRegistry): ComponentProps<typeof FunnelScreens> {
  const question = landing.question;
  return {
    group: landing.group,
    groupId: landing.screen.group,
    kinds,
    topBar: { screen: question?.screen ?? landing.screen, path: question?.path ?? [], progressUntil: question?.progressUntil, hidden: question !== undefined, sessionReady: false, onBack: goNowhere },
    hydrated: false,
    screens: question ? [landing.screen, question.screen] : [landing.screen],
    shown: landing.screen,
    props: { answers: {}, send: goNowhere, email: null, results: noResults, busy: false, ...(question ? { profile: question.profile } : {}), flags: {} },
  };
}

/** Picks the registered component for the screen's kind. */
function ScreenView(props: ScreenProps<Screen>) {
  // The registry pairs each kind with its component; TypeScript cannot follow the pairing through an index.
  const Component = screenRegistry[props.screen.kind] as ComponentType<ScreenProps<Screen>>;
  return <Component {...props} />;
}
