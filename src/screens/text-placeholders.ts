import type { TextPlaceholders } from '../engine/text-placeholders';
import { skyPlaceholders } from './interstitial/sky-placeholders';

/**
 * The placeholders the screens fill in flow texts besides {answer:KEY}, and the kinds of screen whose texts they
 * fill (fillText's callers). The flow checker (flow:check, the build, the app at load) refuses any other
 * placeholder, and one on a screen that cannot fill it. Data only: the checker reads it without loading React.
 */
export const textPlaceholders = {
  filledOn: ['interstitial'],
  named: { ...skyPlaceholders },
} as const satisfies TextPlaceholders;

export type PlaceholderName = keyof typeof textPlaceholders.named;
