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
    if (!moved) return;
    // Once the screen is painted: a focus move makes the browser lay the page out at once, inside the tap (25 ms of
    // a tap's 50 at 4x CPU), where the frame that shows the screen lays it out anyway. Not if the visitor has put the
    // focus somewhere meanwhile (a field tapped at once): theirs wins. The control tapped on the screen left, hidden
    // since, has lost it to the page itself.
    const before = document.activeElement;
    let task = 0;
    const frame = requestAnimationFrame(() => {
      task = window.setTimeout(() => {
        const now = document.activeElement;
        if (now === before || now === document.body || now === null) ref.current?.focus({ preventScroll: false });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(task);
    };
  }, [screenKey, shown]);
  return ref;
}
