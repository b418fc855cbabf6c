import type { LoadingScreen } from '../generated/flow-types';
import type { ScreenKind } from './screen-kind';

/** A progress animation that moves on by itself after its delay: never answered, and no progress bar over it. */
export const loadingKind: ScreenKind<LoadingScreen> = {
  kind: 'loading',
  submits: null,
  personalAnswer: null,
  movesOnByItself: true,
};
