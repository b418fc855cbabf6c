import { useEffect, useRef } from 'react';

/**
 * Moves focus to the screen's heading when the screen opens, so keyboard and screen-reader users
 * start at the new question instead of a button of the previous one. Skipped on the very first
 * screen of a page load, where the browser's own focus start is expected.
 */
let firstScreenShown = false;

export function useFocusHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!firstScreenShown) {
      firstScreenShown = true;
      return;
    }
    ref.current?.focus({ preventScroll: false });
  }, []);
  return ref;
}
