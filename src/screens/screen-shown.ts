import { createContext, useContext } from 'react';

/**
 * Whether the screen is the one shown (true) or one kept in the page hidden: the screen a tap most likely leads to,
 * rendered ahead, or the screen just left (src/app/funnel/use-render-ahead.ts, use-screen-just-left.ts). A hidden screen is laid out but runs none
 * of what belongs to a shown one: no focus move, no timers that move the funnel on, no animation.
 */
export const ScreenShownContext = createContext(true);

export const useScreenShown = () => useContext(ScreenShownContext);
