import type { InterstitialScreen } from '../generated/flow-types';
import type { ScreenKind } from './screen-kind';
import { branchesOf } from '../flow-graph';

/** A page of text between questions (the visitor's sun and moon signs); its title and body may have variants. */
export const interstitialKind: ScreenKind<InterstitialScreen> = {
  kind: 'interstitial',
  submits: null,
  personalAnswer: null,
  variableTexts: (screen) => [['/title', screen.title], ...(screen.body ?? []).map((text, j): [string, typeof text] => [`/body/${j}`, text])],
  check(screen, { pointer, report }) {
    if (branchesOf(screen).length > 0 && screen.cta === undefined) report(pointer, `interstitial "${screen.id}" has "next" but no "cta" button to go there`, 'add "cta" with the button text');
  },
};
