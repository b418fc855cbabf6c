import type { Store } from '../db/open';
import type { NewProduct, PackageId, ProductRow } from '../db/schema';
import type { OfferId, PlanType, Provider } from '../../src/shared/contract/subscription';
import type { BundleOffer } from '../../src/shared/offer-bundles';

// The plans and offers every project is seeded with, for both providers, test and live. Prices in cents.
// The browser groups plans by abTestId (ab_test), price 29 (high), 19 (medium), anything else (low).

const PROVIDERS: readonly Provider[] = ['maxpay', 'paypal'];
const PROVIDER_PREFIX: Record<Provider, string> = { maxpay: 'mxp', paypal: 'ppl' };
const PLAN_REPORTS = ['natal_chart', 'compatibility', 'daily_horoscope'];

interface PlanSeed {
  key: string;
  type: PlanType;
  packageId: PackageId;
  name: string;
  priceCents: number;
  trialPriceCents: number;
  trialDuration: string;
  abTestId: string | null;
}

const PLANS: readonly PlanSeed[] = [
  { key: 'trial_1', type: 'TRIAL', packageId: '1', name: '14-day trial, then $29.00 a month', priceCents: 2900, trialPriceCents: 100, trialDuration: '14 days', abTestId: null },
  { key: 'trial_2', type: 'TRIAL', packageId: '2', name: '14-day trial, then $19.00 a month', priceCents: 1900, trialPriceCents: 500, trialDuration: '14 days', abTestId: null },
  { key: 'trial_3', type: 'TRIAL', packageId: '3', name: '14-day trial, then $14.99 a month', priceCents: 1499, trialPriceCents: 900, trialDuration: '14 days', abTestId: null },
  { key: 'monthly', type: 'SUBSCRIPTION', packageId: '1', name: 'Monthly subscription, $24.99 a month', priceCents: 2499, trialPriceCents: 0, trialDuration: '0 days', abTestId: null },
  { key: 'tpt_1', type: 'TRIAL', packageId: '1', name: '14-day trial, then $29.00 a month', priceCents: 2900, trialPriceCents: 99, trialDuration: '14 days', abTestId: 'trial_price_test' },
  { key: 'tpt_2', type: 'TRIAL', packageId: '2', name: '14-day trial, then $19.00 a month', priceCents: 1900, trialPriceCents: 499, trialDuration: '14 days', abTestId: 'trial_price_test' },
  { key: 'tpt_3', type: 'TRIAL', packageId: '3', name: '14-day trial, then $14.99 a month', priceCents: 1499, trialPriceCents: 899, trialDuration: '14 days', abTestId: 'trial_price_test' },
  // The discount sets shown to a visitor who leaves checkout without paying: /sale (half the trial price) and
  // /secret-discount (a quarter of it). Same monthly prices as trial_1..3: a discount set is the same plan
  // sold cheaper, so a buyer holds one active subscription whichever set it comes from (subscription-orders.ts).
  { key: 'sale_1', type: 'TRIAL', packageId: '1', name: '14-day trial, then $29.00 a month', priceCents: 2900, trialPriceCents: 50, trialDuration: '14 days', abTestId: 'sale' },
  { key: 'sale_2', type: 'TRIAL', packageId: '2', name: '14-day trial, then $19.00 a month', priceCents: 1900, trialPriceCents: 250, trialDuration: '14 days', abTestId: 'sale' },
  { key: 'sale_3', type: 'TRIAL', packageId: '3', name: '14-day trial, then $14.99 a month', priceCents: 1499, trialPriceCents: 450, trialDuration: '14 days', abTestId: 'sale' },
  { key: 'secret_discount_1', type: 'TRIAL', packageId: '1', name: '14-day trial, then $29.00 a month', priceCents: 2900, trialPriceCents: 25, trialDuration: '14 days', abTestId: 'secret_discount' },
  { key: 'secret_discount_2', type: 'TRIAL', packageId: '2', name: '14-day trial, then $19.00 a month', priceCents: 1900, trialPriceCents: 125, trialDuration: '14 days', abTestId: 'secret_discount' },
  { key: 'secret_discount_3', type: 'TRIAL', packageId: '3', name: '14-day trial, then $14.99 a month', priceCents: 1499, trialPriceCents: 225, trialDuration: '14 days', abTestId: 'secret_discount' },
];

interface OfferSeed extends BundleOffer {
  name: string;
  prevPriceCents: number;
  percentOff: number;
  reports: string[];
  /** What the offer contains, in words (shown before paying). */
  description: string;
}

/**
 * The extra offers: fixed-price reports. ultra_pack ("every reading") is a bundle: it contains the birth_chart and
 * love_paths offers (their reports are among its own) and two readings sold only in it. Whoever owns it owns them;
 * whoever owns one of them pays less for it (src/shared/offer-bundles.ts).
 */
const OFFERS: readonly OfferSeed[] = [
  {
    id: 'birth_chart', name: 'Your birth chart reading', priceCents: 1999, prevPriceCents: 3499, percentOff: 45, reports: ['birth_chart'], includes: [],
    description: 'Goes beyond the birth chart overview in your subscription: every planet, house and aspect at the moment you were born, explained in depth.',
  },
  {
    id: 'love_paths', name: 'Love paths: your compatibility guide', priceCents: 2499, prevPriceCents: 5999, percentOff: 58, reports: ['love_paths'], includes: [],
    description: 'Goes beyond the compatibility overview in your subscription: how you love, what you need from a partner, and which signs suit you best.',
  },
  {
    id: 'ultra_pack', name: 'Ultra pack: every reading', priceCents: 4999, prevPriceCents: 12999, percentOff: 61,
    reports: ['birth_chart', 'love_paths', 'career_guide', 'year_ahead'], includes: ['birth_chart', 'love_paths'],
    description: 'Your birth chart reading and Love paths, plus your career guide and your year ahead.',
  },
];

/** The offers of the catalogue as the bundle rule reads them (the same for every project, provider and variant). */
export const OFFER_BUNDLES: readonly BundleOffer[] = OFFERS;

/** What an offer contains: the other offers in it, and in words. */
export function offerContents(id: OfferId): { includes: OfferId[]; description: string } {
  const offer = OFFERS.find((o) => o.id === id);
  if (!offer) throw new Error(`Offer ${id} is not in the catalogue.`);
  return { includes: [...offer.includes], description: offer.description };
}

/**
 * Where a checkout of any product starts (every product's `paymentPage`): POST a CheckoutCreate there, then
 * send the visitor to the answer's `url`, the sandbox hosted page.
 */
export function paymentPagePath(): string {
  return '/subs/checkout/sessions';
}

/** Every product row of `project`: 13 plans and 3 offers per provider, each in a test and a live variant. */
export function catalogue(project: string): NewProduct[] {
  const rows: NewProduct[] = [];
  let sortOrder = 0;
  for (const provider of PROVIDERS) {
    for (const isTest of [false, true]) {
      const variant = isTest ? 'test' : 'live';
      const prefix = `${PROVIDER_PREFIX[provider]}_${project}`;
      for (const plan of PLANS) {
        rows.push({
          id: `pln_${project}_${provider}_${variant}_${plan.key}`,
          product_id: `${prefix}_${plan.key}_${plan.priceCents}_${variant}`,
          project,
          provider,
          type: plan.type,
          offer_id: null,
          package_id: plan.packageId,
          name: plan.name,
          price_cents: plan.priceCents,
          trial_price_cents: plan.trialPriceCents,
          prev_price_cents: null,
          percent_off: null,
          currency: 'USD',
          subscription_duration: '1 month',
          trial_duration: plan.trialDuration,
          ab_test_id: plan.abTestId,
          reports: JSON.stringify(PLAN_REPORTS),
          is_test: isTest,
          amplitude_id: `${project}_${provider}_${plan.key}_${plan.trialPriceCents}_${plan.priceCents}`,
          sort_order: sortOrder++,
        });
      }
      for (const offer of OFFERS) {
        rows.push({
          id: `ofr_${project}_${provider}_${variant}_${offer.id}`,
          product_id: `${prefix}_${offer.id}_${offer.priceCents}_${variant}`,
          project,
          provider,
          type: 'FIXED',
          offer_id: offer.id,
          package_id: null,
          name: offer.name,
          price_cents: offer.priceCents,
          trial_price_cents: null,
          prev_price_cents: offer.prevPriceCents,
          percent_off: offer.percentOff,
          currency: 'USD',
          subscription_duration: null,
          trial_duration: null,
          ab_test_id: null,
          reports: JSON.stringify(offer.reports),
          is_test: isTest,
          amplitude_id: `${project}_${provider}_offer_${offer.id}_${offer.priceCents}`,
          sort_order: sortOrder++,
        });
      }
    }
  }
  return rows;
}

/** The offer id of an offer's (FIXED) product row: every offer of the catalogue has one. */
export function offerIdOf(product: ProductRow): OfferId {
  if (product.offer_id === null) throw new Error(`Product ${product.id} has no offer_id: it is not an offer of the catalogue.`);
  return product.offer_id;
}

/** The package of a plan's (TRIAL or SUBSCRIPTION) product row: every plan of the catalogue has one. */
export function packageIdOf(product: ProductRow): PackageId {
  if (product.package_id === null) throw new Error(`Product ${product.id} has no package_id: it is not a plan of the catalogue.`);
  return product.package_id;
}

/**
 * Inserts or refreshes the catalogue of `project` (idempotent; products are never deleted). Run at every
 * start after the migrations (server/main.ts), so a product added here reaches existing databases at their
 * next start: no migration is needed for catalogue rows (a migration does not know the project id).
 */
export async function seedCatalogue(store: Store, project: string): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    for (const row of catalogue(project)) {
      const { id: _id, ...changes } = row;
      await trx
        .insertInto('products')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(changes))
        .execute();
    }
  });
}
