import type { Offer, OfferId, Product, Purchase, StoredPaymentMethod } from '../../shared/contract/subscription';
import type { StoredResults } from '../../engine/effect-results';
import type { PaymentProvider, PlansByProvider, SubscriptionApi } from '../../services/subscription-api';

/** The earlier results the offer lookups read: the plans and the offers the funnel loaded. */
export interface OfferReads {
  loadPlans: PlansByProvider;
  loadOffers: LoadOffersResult;
}

/** What looking up the visitor's offers needs (loadOffers, and purchaseOffers after a page reload). */
export interface OfferServices {
  subscriptions: Pick<SubscriptionApi, 'checkSubscription' | 'getSubscriptionPlans' | 'getOffers' | 'listPurchases' | 'getPaymentMethod'>;
  project: string;
  /** Sell the test variants of the offers (VITE_TEST_OFFERS). */
  testOffers: boolean;
}

/**
 * The offers the visitor can buy in one click, the ones they bought, and the stored payment method a purchase
 * would charge (null when the server knows none for this visitor, or could not be asked); or `failed` when no
 * offers could be fetched.
 */
export type LoadOffersResult =
  | { outcome: 'ready'; provider: PaymentProvider; offers: Offer[]; bought: OfferId[]; paymentMethod: StoredPaymentMethod | null }
  | { outcome: 'failed' };

/**
 * Finds products by productId: first among what earlier effects loaded (results.loadPlans and
 * results.loadOffers), then in the catalogue of both providers, fetched once per variant on demand
 * (the configured variant first, then the other: a subscription may be to a live plan while test
 * offers are sold). null when the product is nowhere (or the server cannot be reached).
 */
export function productFinder(services: OfferServices, results: StoredResults<OfferReads>) {
  const { loadPlans: plans, loadOffers: offers } = results;
  const known: Product[] = [
    ...(plans === undefined || 'outcome' in plans ? [] : [...(plans.maxpay ?? []), ...(plans.paypal ?? [])]),
    ...(offers?.outcome === 'ready' ? offers.offers : []),
  ];
  const catalogues = new Map<boolean, Promise<Product[]>>();
  const catalogue = (isTest: boolean) => {
    let fetched = catalogues.get(isTest);
    if (!fetched) {
      fetched = services.subscriptions.getSubscriptionPlans(services.project, isTest).then((byProvider) => [...(byProvider.maxpay ?? []), ...(byProvider.paypal ?? [])]);
      catalogues.set(isTest, fetched);
    }
    return fetched;
  };
  return async (productId: string): Promise<Product | null> => {
    const here = known.find((p) => p.productId === productId);
    if (here) return here;
    for (const isTest of [services.testOffers, !services.testOffers]) {
      const found = (await catalogue(isTest)).find((p) => p.productId === productId);
      if (found) return found;
    }
    return null;
  };
}

/**
 * What `email` bought in the project, as far as this visitor's purchases tell (the server lists the visitor's
 * own, whatever address each was for): null when the list could not be fetched (logged by the client).
 */
export async function purchasesOf(services: Pick<OfferServices, 'subscriptions' | 'project'>, email: string): Promise<Purchase[] | null> {
  const purchases = await services.subscriptions.listPurchases(services.project);
  const key = email.toLowerCase();
  return purchases?.filter((purchase) => purchase.email.toLowerCase() === key) ?? null;
}

/** The offers of `offers` that the purchases own, in the offers' order. An offer is owned whichever provider or variant it was bought with. */
export function ownedOffers(offers: readonly Offer[], purchases: readonly Purchase[]): OfferId[] {
  const owned = new Set(purchases.map((p) => p.offerId));
  return offers.filter((offer) => owned.has(offer.id)).map((offer) => offer.id);
}

/**
 * The visitor's one-click offers: those of the provider they paid with (the provider of their
 * subscription's plan, else of their latest purchase, else maxpay: the stored payment method is per
 * provider), in the server's order, with the ones already bought and the method a purchase would charge (as
 * the server tells this visitor: never guessed). `failed` when no offers came back.
 */
export async function lookUpOffers(services: OfferServices, email: string | null, results: StoredResults<OfferReads>): Promise<LoadOffersResult> {
  const [check, purchases] = email
    ? await Promise.all([services.subscriptions.checkSubscription(email, services.project), purchasesOf(services, email)])
    : [null, null];
  const productId = check?.info?.productId;
  const plan = productId ? await productFinder(services, results)(productId) : null;
  const provider: PaymentProvider = plan?.provider ?? purchases?.at(-1)?.provider ?? 'maxpay';
  const [offers, paymentMethod] = await Promise.all([
    services.subscriptions.getOffers(services.project, provider, services.testOffers),
    email ? services.subscriptions.getPaymentMethod(services.project, provider) : null,
  ]);
  if (!offers?.length) return { outcome: 'failed' };
  return { outcome: 'ready', provider, offers, bought: ownedOffers(offers, purchases ?? []), paymentMethod };
}
