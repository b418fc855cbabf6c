import type { Offer, OfferId } from './contract/subscription';

// What a bundle of offers (ultra_pack contains birth_chart and love_paths) means for what a buyer owns and pays.
// One rule for both sides of the wire: the server charges by it (server/subs/offer-ownership.ts) and the upsell
// shows the same prices and total before the visitor pays (src/screens/offers).

/** An offer as the rule needs it: its id, the other offers it contains, and its catalogue price in cents. */
export interface BundleOffer {
  id: OfferId;
  /** The other offers of the catalogue this one contains (empty for a single reading). */
  includes: readonly OfferId[];
  priceCents: number;
}

/**
 * The offers `owned` gives the buyer: those bought, and everything a bought offer contains (through any depth of
 * bundles).
 */
export function coveredOffers(offers: readonly BundleOffer[], owned: Iterable<OfferId>): Set<OfferId> {
  const byId = new Map(offers.map((offer) => [offer.id, offer] as const));
  const covered = new Set<OfferId>();
  const add = (id: OfferId) => {
    if (covered.has(id)) return;
    covered.add(id);
    for (const part of byId.get(id)?.includes ?? []) add(part);
  };
  for (const id of owned) add(id);
  return covered;
}

/**
 * What buying `offer` charges a buyer who owns `owned`, in cents: its price, less the catalogue prices of the
 * offers it contains that the buyer already has (bought alone or through another bundle), so nothing is paid for
 * twice. null when there is nothing left to pay for: the offer is already the buyer's, or everything it
 * contains is.
 */
export function chargeCents(offer: BundleOffer, offers: readonly BundleOffer[], owned: Iterable<OfferId>): number | null {
  const covered = coveredOffers(offers, owned);
  if (covered.has(offer.id)) return null;
  const ownedParts = [...coveredOffers(offers, [offer.id])].filter((id) => id !== offer.id && covered.has(id));
  // Credit the outermost owned parts only: a part inside another owned part is in that part's price already.
  const outermost = ownedParts.filter((id) => !ownedParts.some((other) => other !== id && coveredOffers(offers, [other]).has(id)));
  const credit = offers.filter((other) => outermost.includes(other.id)).reduce((sum, other) => sum + other.priceCents, 0);
  const charge = offer.priceCents - credit;
  return charge > 0 ? charge : null;
}

/** What the visitor's choice comes to: each offer to buy with its charge, the total, and what the bundles chosen cover. */
export interface Basket {
  /** The offers to buy, in the catalogue's order, each with what it charges (cents). */
  items: Array<{ id: OfferId; chargeCents: number }>;
  totalCents: number;
  /** Offers the chosen bundles contain: shown as included, not bought on their own. */
  includedByChoice: Set<OfferId>;
}

/**
 * The basket of `chosen` offers for a buyer who owns `owned`: owned offers (and what they contain) are left out,
 * and so is an offer that a chosen bundle contains, so no reading is ever bought twice; each remaining offer is
 * charged as `chargeCents` says.
 */
export function basketOf(offers: readonly BundleOffer[], owned: Iterable<OfferId>, chosen: Iterable<OfferId>): Basket {
  const ownedSet = [...owned];
  const covered = coveredOffers(offers, ownedSet);
  const picked = new Set([...chosen].filter((id) => !covered.has(id)));
  const bundles = offers.filter((offer) => picked.has(offer.id));
  const includedByChoice = new Set<OfferId>();
  for (const bundle of bundles) for (const part of coveredOffers(offers, [bundle.id])) if (part !== bundle.id) includedByChoice.add(part);
  const items: Basket['items'] = [];
  for (const offer of offers) {
    if (!picked.has(offer.id) || includedByChoice.has(offer.id)) continue;
    const charge = chargeCents(offer, offers, ownedSet);
    if (charge !== null) items.push({ id: offer.id, chargeCents: charge });
  }
  return { items, totalCents: items.reduce((sum, item) => sum + item.chargeCents, 0), includedByChoice };
}

/** The contract's offers (prices in dollars) as the rule reads them. */
export function bundleOffersOf(offers: ReadonlyArray<Pick<Offer, 'id' | 'includes' | 'price'>>): BundleOffer[] {
  return offers.map((offer) => ({ id: offer.id, includes: offer.includes, priceCents: Math.round(offer.price * 100) }));
}
