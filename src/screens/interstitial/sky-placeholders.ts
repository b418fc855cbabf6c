import type { InterstitialScreen } from '../../engine/generated/flow-types';
import type { NamedPlaceholder } from '../../engine/text-placeholders';
import type { SkyAtBirth } from '../../domain/sky-at-birth';

/** The sky at birth comes from the screen's `insight`: without one there is nothing to fill these with. */
const fromInsight = {
  needs: 'insight' satisfies keyof InterstitialScreen,
  hint: 'add "insight" with the birth answers, or remove the placeholder',
} as const satisfies NamedPlaceholder;

/**
 * The placeholders an interstitial fills from the visitor's sky at birth (registered with the flow checker in
 * src/screens/text-placeholders.ts).
 */
export const skyPlaceholders = { sunSign: fromInsight, moonSign: fromInsight } as const;

/** Their values, once the insight has computed the sky. */
export function skyValues(sky: SkyAtBirth): Record<keyof typeof skyPlaceholders, string> {
  return { sunSign: sky.sun.name, moonSign: sky.moon.name };
}
