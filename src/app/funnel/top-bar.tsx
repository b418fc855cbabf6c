import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import type { Screen } from '../../engine/generated/flow-types';
import { BackButton } from './back-button';
import type { ScreenKind } from '../../engine/kinds/screen-kind';

const Bar = styled.div`
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
export const useHydrated = () => useSyncExternalStore(noChanges, () => true, () => false);

/** What the top bar shows on a screen: its back target, and the quiz's progress along the visitor's path. */
export function topBarOf(screen: Screen, kind: ScreenKind, path: readonly string[], progressUntil: string | undefined) {
  const back = screen.back;
  // The quiz's progress: along the visitor's path up to the flow's progressUntil screen; none past it.
  const until = progressUntil ? path.indexOf(progressUntil) : -1;
  const quiz = until >= 0 ? path.slice(0, until + 1) : path;
  const position = quiz.indexOf(screen.id);
  const percent = position > 0 ? Math.round((position / (quiz.length - 1)) * 100) : 0;
  // A screen that moves on by itself (loading) shows its own progress: one bar on screen, not two.
  const showProgress = position >= 0 && kind.movesOnByItself !== true;
  // The landing has none: its prerendered HTML is the page's first paint.
  const noTopBar = kind.landing === true || (!back && !showProgress);
  return { back, percent, showProgress, noTopBar };
}

/**
 * The back button and the quiz's progress above the screen. In the page on every screen, hidden where there is
 * neither a back target nor progress (the landing): its CSS rules are made with the first screen, not inserted by the
 * tap into the first screen that shows it (tests/tap-styles.spec.ts). Not while the landing hydrates (`hydrated`
 * false) with no question drawn ahead of it: its prerendered HTML has none (React would throw that HTML away: its
 * hydration error 418). `hidden`: in the page but not shown (the landing's first question's bar, prerendered for the
 * landing's inline script to show at the tap; `data-top-bar-of` names its screen).
 */
export function TopBar({ screen, kind, path, progressUntil, hydrated, hidden = false, sessionReady, onBack }: {
  screen: Screen;
  kind: ScreenKind;
  path: readonly string[];
  progressUntil: string | undefined;
  hydrated: boolean;
  hidden?: boolean;
  sessionReady: boolean;
  onBack: () => void;
}) {
  const { back, percent, showProgress, noTopBar } = topBarOf(screen, kind, path, progressUntil);
  if (noTopBar && !hydrated) return null;
  return (
    <Bar hidden={noTopBar || hidden} data-top-bar-of={screen.id}>
      <BackButton key={screen.id} back={back} sessionReady={sessionReady} onBack={onBack} />
      {showProgress ? (
        <Progress role="progressbar" aria-label="Quiz progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <div style={{ transform: `scaleX(${percent / 100})` }} />
        </Progress>
      ) : null}
    </Bar>
  );
}
