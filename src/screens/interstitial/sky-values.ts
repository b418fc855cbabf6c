import type { SkyAtBirth } from '../../domain/sky-at-birth';
import type { skyPlaceholders } from '../../shared/text-placeholders';

/** The values of the sky placeholders (src/shared/text-placeholders.ts), once the insight has computed the sky. */
export function skyValues(sky: SkyAtBirth): Record<keyof typeof skyPlaceholders, string> {
  return { sunSign: sky.sun.name, moonSign: sky.moon.name };
}
