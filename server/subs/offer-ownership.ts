import type { Transaction } from 'kysely';
import type { OfferId } from '../../src/shared/contract/subscription';
import { chargeCents, coveredOffers } from '../../src/shared/offer-bundles';
import type { Database, ProductRow } from '../db/schema';
import { emailKey } from '../db/values';
import { OFFER_BUNDLES, offerIdOf } from './catalogue';

// Which offers a buyer (email and project) owns, and what an offer charges them: no reading is ever paid for
// twice, whether it was bought alone or inside a bundle, with whichever provider or variant. The rule itself is
// src/shared/offer-bundles.ts, the one the upsell shows its prices and total by.

/**
 * Holds the buyer's subscription user row until the transaction ends, so that two purchases of one buyer (a
 * bundle and one of its parts, on two tabs) are decided one after the other: on PostgreSQL the second waits here
 * and then sees what the first committed; SQLite runs one write at a time anyway. The row must exist
 * (ensureSubscriptionUser).
 */
export async function lockBuyer(trx: Transaction<Database>, email: string, project: string): Promise<void> {
  await trx
    .updateTable('subscription_users')
    .set((eb) => ({ email_key: eb.ref('email_key') }))
    .where('email_key', '=', emailKey(email))
    .where('project', '=', project)
    .execute();
}

/** The offers the email has bought in the project, whichever provider or variant. */
export async function boughtOffers(trx: Transaction<Database>, email: string, project: string): Promise<OfferId[]> {
  const rows = await trx.selectFrom('purchases').select('offer_id').where('email_key', '=', emailKey(email)).where('project', '=', project).where('status', '=', 'paid').execute();
  return rows.map((row) => row.offer_id);
}

/**
 * What buying an offer would do: charge this many cents, or nothing because the buyer owns it already: bought
 * (`alone`), inside a bundle they bought (`through` it), or everything it contains (`contents`).
 */
export type OfferCharge = { owned: false; cents: number } | { owned: true; how: 'alone' | 'contents' } | { owned: true; how: 'through'; bundle: OfferId };

/** How the buyer already owns an offer they asked for. */
export type OwnedOffer = Extract<OfferCharge, { owned: true }>;

/** What buying `product` (an offer) charges a buyer who has bought `bought`. */
export function offerCharge(product: ProductRow, bought: readonly OfferId[]): OfferCharge {
  const id = offerIdOf(product);
  if (bought.includes(id)) return { owned: true, how: 'alone' };
  const offer = OFFER_BUNDLES.find((o) => o.id === id);
  // An offer outside the catalogue's bundles (none today) is charged its price, once.
  if (!offer) return { owned: false, cents: product.price_cents };
  const cents = chargeCents(offer, OFFER_BUNDLES, bought);
  if (cents !== null) return { owned: false, cents };
  const bundle = bought.find((other) => coveredOffers(OFFER_BUNDLES, [other]).has(id));
  return bundle ? { owned: true, how: 'through', bundle } : { owned: true, how: 'contents' };
}
