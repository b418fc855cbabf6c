import type { Offer } from '../../services/api-contract';

/** What an offers screen shows: the offers on sale and the ones the visitor already owns. */
export interface OffersOnSale {
  offers: Offer[];
  bought: string[];
}

function isOffer(value: unknown): value is Offer {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Record<string, unknown>;
  return (
    o.type === 'FIXED' &&
    typeof o.id === 'string' &&
    typeof o.productId === 'string' &&
    typeof o.name === 'string' &&
    typeof o.price === 'number' &&
    typeof o.prevPrice === 'number' &&
    typeof o.percentOff === 'number'
  );
}

/**
 * The offers in an effect's output ({ outcome: 'ready', offers: Offer[], bought: string[] }):
 * undefined while the effect has not answered, null when it could not load any.
 */
export function offersFrom(output: unknown): OffersOnSale | null | undefined {
  if (typeof output !== 'object' || output === null) return undefined;
  const value = output as Record<string, unknown>;
  if (!Array.isArray(value.offers)) return null;
  const offers = value.offers.filter(isOffer);
  if (offers.length === 0) return null;
  const bought = Array.isArray(value.bought) ? value.bought.filter((id): id is string => typeof id === 'string') : [];
  return { offers, bought };
}

/** The offers the submit effect reports as bought after a purchase attempt (its `bought` list). */
export function boughtAfter(output: unknown): string[] {
  if (typeof output !== 'object' || output === null) return [];
  const bought = (output as Record<string, unknown>).bought;
  return Array.isArray(bought) ? bought.filter((id): id is string => typeof id === 'string') : [];
}
