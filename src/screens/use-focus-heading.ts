import { useEffect, useRef } from 'react';
import { useScreenShown } from './screen-shown';

/**
 * Moves focus to the screen's heading when the visitor moves to another screen, so keyboard and
 * screen-reader users start at the new question instead of a button of the previous one. The
 * first screen of a page load keeps the browser's own focus start (and a screen that is only
 * re-mounted, such as the landing when the engine arrives, keeps it too). A screen kept hidden in the page (rendered
 * ahead, or just left) does nothing until it is shown.
 */
let lastShown: string | null = null;

export function useFocusHeading(screenKey: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  const shown = useScreenShown();
  useEffect(() => {
    if (!shown) return;
    const moved = lastShown !== null && lastShown !== screenKey;
    lastShown = screenKey;
    if (moved) ref.current?.focus({ preventScroll: false });
  }, [screenKey, shown]);
  return ref;
}
