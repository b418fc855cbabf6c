import type { WelcomeScreen } from '../generated/flow-types';
import type { ScreenKind } from './screen-kind';

/** The landing: a title and a button. Served as the page's first paint, so it has no top bar and no variant texts. */
export const welcomeKind: ScreenKind<WelcomeScreen> = {
  kind: 'welcome',
  submits: null,
  personalAnswer: null,
  landing: true,
};
