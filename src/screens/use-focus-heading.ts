import { useEffect, useRef } from 'react';

/**
 * Moves focus to the screen's heading when the visitor moves to another screen, so keyboard and
 * screen-reader users start at the new question instead of a button of the previous one. The
 * first screen of a page load keeps the browser's own focus start (and a screen that is only
 * re-mounted, such as the landing when the engine arrives, keeps it too).
 */
let lastShown: string | null = null;

export function useFocusHeading(screenKey: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const moved = lastShown !== null && lastShown !== screenKey;
    lastShown = screenKey;
    if (moved) ref.current?.focus({ preventScroll: false });
  }, [screenKey]);
  return ref;
}
