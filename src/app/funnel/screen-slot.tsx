import { memo, type CSSProperties, type ReactNode } from 'react';
import styled from 'styled-components';
import { ScreenShownContext } from '../../screens/screen-shown';

/**
 * A screen kept in the page hidden (the one a tap most likely leads to, or the one just left) is laid out, in the
 * card's width, yet invisible: not painted, not hit by a tap, not focusable, out of the accessibility tree, and
 * clipped to no height, so it never makes the page scroll. The tap that shows it then only flips its visibility and
 * puts it in the flow: its style and layout were computed while the browser was idle, where a screen with
 * display: none (React's Activity) is styled and laid out within the tap (about 13 ms at 4x CPU, forced by
 * the focus move). The emoji font its option icons need is loaded then too.
 */
const Slot = styled.div`
  display: flow-root;
`;

/** Hidden: out of the flow, clipped to no height, invisible. */
const hiddenStyle: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 'var(--card-pad-x)',
  right: 'var(--card-pad-x)',
  height: 0,
  overflow: 'clip',
  visibility: 'hidden',
};

/**
 * One screen in its slot. Hidden, it is not rendered again when the funnel's state changes (it has nothing to show),
 * and its screen runs no effects that belong to a shown screen (src/screens/screen-shown.ts); shown, it renders with
 * the funnel's state of that moment. `data-screen` names the screen: the prerendered landing's stylesheet shows its
 * first question by it before the funnel's code runs (src/app/landing-question-style.ts).
 */
export const ScreenSlot = memo(
  function ScreenSlot({ screenId, shown, children }: { screenId: string; shown: boolean; children: ReactNode }) {
    return (
      <Slot data-screen={screenId} data-hidden={shown ? undefined : ''} style={shown ? undefined : hiddenStyle}>
        <ScreenShownContext.Provider value={shown}>{children}</ScreenShownContext.Provider>
      </Slot>
    );
  },
  (before, after) => !before.shown && !after.shown,
);
