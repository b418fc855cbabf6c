import type { ComponentType } from 'react';
import type { Group, Screen } from '../../engine/generated/flow-types';
import { isQuestionScreen } from '../../engine/answers';
import { kindOf } from '../../engine/kinds/kind-registry';
import type { KindRegistry } from '../../engine/kinds/screen-kind';
import { screenRegistry } from '../../screens/registry';
import type { ScreenProps } from '../../screens/screen-props';
// styled-components numbers its components in the order they are created, and their class names follow: the frame
// and the slot, which the landing shows too, are made first.
import { FunnelFrame } from './funnel-frame';
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
 * One component for the funnel (FunnelView, from the machine's state) and the prerendered landing
 * (src/app/prerendered-landing.tsx, from the page's flow), so the markup the browser hydrates is the markup the
 * server wrote.
 */
export function FunnelScreens({ group, groupId, kinds, topBar, hydrated, screens, shown, props }: {
  group: Group | undefined;
  groupId: string;
  kinds: KindRegistry;
  topBar: DrawnTopBar;
  hydrated: boolean;
  screens: readonly Screen[];
  shown: Screen;
  props: Omit<ScreenProps, 'screen' | 'answer' | 'busy'> & { busy: boolean };
}) {
  return (
    <FunnelFrame group={group} groupId={groupId}>
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

/** Picks the registered component for the screen's kind. */
function ScreenView(props: ScreenProps<Screen>) {
  // The registry pairs each kind with its component; TypeScript cannot follow the pairing through an index.
  const Component = screenRegistry[props.screen.kind] as ComponentType<ScreenProps<Screen>>;
  return <Component {...props} />;
}
