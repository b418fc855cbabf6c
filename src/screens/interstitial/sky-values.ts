import type { SkyAtBirth } from '../../domain/sky-at-birth';
import type { skyPlaceholders } from '../../shared/text-placeholders';

/**
 * The values of the sky placeholders (src/shared/text-placeholders.ts), once the insight has computed the sky. A Moon
 * sign the unknown birth time leaves open reads as both ("Aries or Taurus"): the screen never claims more than it knows.
 */
export function skyValues(sky: SkyAtBirth): Record<keyof typeof skyPlaceholders, string> {
  return { sunSign: sky.sun.name, moonSign: moonSignNames(sky) };
}

/** The Moon sign as far as it is known: one name, or the two it may be. */
export function moonSignNames(sky: SkyAtBirth): string {
  return sky.moonSigns.map((sign) => sign.name).join(' or ');
}
