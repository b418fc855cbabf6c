import type {
  Checkout,
  CheckoutCreate,
  Offer,
  OrderStatus,
  Product,
  Purchase,
  PurchaseCreate,
  RecentPurchase,
  Session,
  SessionWrite,
  StoredPaymentMethod,
  Subscription,
  SubscriptionCheck,
  SubscriptionCreate,
  SubscriptionUser,
  SubscriptionUserPayload,
} from '../shared/contract/subscription';
import { callApi, createHttp, dataOrNull, type CallResult, type HttpOptions } from './api-call';
import type { AppConfig } from './config';

/**
 * The console messages for subscription server failures. The first is a fixed wording (see the README's "Backend calls
 * and the visitor session"); the others are this client's own.
 */
export const subscriptionMessages = {
  getPlans: 'cannot get subscription plans',
  createSession: 'cannot create session',
  writeSession: 'cannot write session',
  getSession: 'cannot get session',
  createUser: 'cannot create subscription server user',
  checkSubscription: 'cannot check subscription',
  createSubscription: 'cannot create subscription',
  startCheckout: 'cannot start payment',
  purchase: 'cannot purchase offer',
  listPurchases: 'cannot get purchases',
  orderStatus: 'cannot get payment status',
  markSeen: 'cannot remember seen screen',
  recentPurchases: 'cannot get recent purchases',
  paymentMethod: 'cannot get stored payment method',
} as const;

/** The payment providers whose plans the funnel offers. */
export const paymentProviders = ['maxpay', 'paypal'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** The plans of both providers, each null when its request failed. */
export type PlansByProvider = Record<PaymentProvider, Product[] | null>;

/**
 * The subscription server client. Calls return their data or null on failure (logged,
 * never thrown); `getSession` returns the whole result, because "no such session" (404) and "server
 * unreachable" lead the visitor different ways.
 */
export function createSubscriptionApi(config: Pick<AppConfig, 'subscriptionApiUrl'> & HttpOptions) {
  const http = createHttp(config.subscriptionApiUrl, config.requestTimeoutMs, config.fetch, 'include', config.startRequests);
  const getPlans = async (project: string, provider: PaymentProvider, isTest: boolean) =>
    dataOrNull(
      await callApi<Product[]>(subscriptionMessages.getPlans, () =>
        http.get('subscription-plans', { searchParams: { project, provider, countryCode: 'US', isTest } }),
      ),
    );
  return {
    /** GET /subscription-plans for maxpay and paypal, in parallel (countryCode US, isTest false by default). */
    getSubscriptionPlans: async (project: string, isTest = false): Promise<PlansByProvider> => {
      const [maxpay, paypal] = await Promise.all(paymentProviders.map((provider) => getPlans(project, provider, isTest)));
      return { maxpay: maxpay ?? null, paypal: paypal ?? null };
    },
    /**
     * The fixed-price offers (type FIXED) of one provider, in the server's order: the same request as the
     * plans (logged as "cannot get subscription plans"), its plans left out. isTest picks the test variants.
     */
    getOffers: async (project: string, provider: PaymentProvider, isTest: boolean): Promise<Offer[] | null> =>
      (await getPlans(project, provider, isTest))?.filter((product): product is Offer => product.type === 'FIXED') ?? null,
    /**
     * POST /sessions/create {id}: creates the session (and the server sets the visitor credential), or answers
     * the existing one to the browser that created it; a 403 (another visitor's id) is an answer, not logged.
     */
    createSession: async (id: string): Promise<CallResult<Session>> =>
      callApi<Session>(subscriptionMessages.createSession, () => http.post('sessions/create', { json: { id } }), { expected: [403] }),
    /** POST /sessions/write/{id} */
    writeSession: async (body: SessionWrite): Promise<Session | null> =>
      dataOrNull(
        await callApi<Session>(subscriptionMessages.writeSession, () => http.post(`sessions/write/${encodeURIComponent(body.id)}`, { json: body })),
      ),
    /** GET /sessions/{id}; a 404 ("no such session") or 401 (no credential for it here) is an answer, not logged. */
    getSession: async (id: string): Promise<CallResult<Session>> =>
      callApi<Session>(subscriptionMessages.getSession, () => http.get(`sessions/${encodeURIComponent(id)}`), { expected: [401, 404] }),
    /**
     * POST /sessions/{id}/seen {screen}: the session remembers, for good, that the visitor was shown a screen offered
     * once (a discount page); the answer is the session with every screen it remembers. Null when it failed.
     */
    markSeen: async (id: string, screen: string): Promise<Session | null> =>
      dataOrNull(await callApi<Session>(subscriptionMessages.markSeen, () => http.post(`sessions/${encodeURIComponent(id)}/seen`, { json: { screen } }))),
    /**
     * GET /recent-purchases?project=: the project's latest plan purchases, newest first, at most 10, each buyer's
     * first name masked by the server; null when they could not be loaded.
     */
    getRecentPurchases: async (project: string): Promise<RecentPurchase[] | null> =>
      dataOrNull(await callApi<RecentPurchase[]>(subscriptionMessages.recentPurchases, () => http.get('recent-purchases', { searchParams: { project } }))),
    /** POST /users/create */
    createUser: async (payload: SubscriptionUserPayload): Promise<SubscriptionUser | null> =>
      dataOrNull(await callApi<SubscriptionUser>(subscriptionMessages.createUser, () => http.post('users/create', { json: payload }))),
    /** GET /users/check-subscription?email=&project= */
    checkSubscription: async (email: string, project: string): Promise<SubscriptionCheck | null> =>
      dataOrNull(
        await callApi<SubscriptionCheck>(subscriptionMessages.checkSubscription, () =>
          http.get('users/check-subscription', { searchParams: { email, project } }),
        ),
      ),
    /** POST /checkout/sessions: a hosted checkout to send the visitor to (idempotent on orderId). */
    startCheckout: async (body: CheckoutCreate): Promise<Checkout | null> =>
      dataOrNull(await callApi<Checkout>(subscriptionMessages.startCheckout, () => http.post('checkout/sessions', { json: body }))),
    /** POST /purchases: a one-click offer purchase (idempotent on orderId). */
    purchase: async (body: PurchaseCreate): Promise<Purchase | null> =>
      dataOrNull(await callApi<Purchase>(subscriptionMessages.purchase, () => http.post('purchases', { json: body }))),
    /** GET /purchases?project=: the offers this visitor bought in the project, oldest first (the credential says who). */
    listPurchases: async (project: string): Promise<Purchase[] | null> =>
      dataOrNull(await callApi<Purchase[]>(subscriptionMessages.listPurchases, () => http.get('purchases', { searchParams: { project } }))),
    /**
     * GET /payment-method?project=&provider=: the payment method a one-click purchase with this provider would
     * charge (the credential says whose); null when there is none (a 404, not logged) or it could not be asked.
     */
    getPaymentMethod: async (project: string, provider: PaymentProvider): Promise<StoredPaymentMethod | null> =>
      dataOrNull(
        await callApi<StoredPaymentMethod>(subscriptionMessages.paymentMethod, () => http.get('payment-method', { searchParams: { project, provider } }), { expected: [404] }),
      ),
    /** GET /orders/{orderId}: this visitor's order's payment status; a 404 (no such order of theirs) is an answer. */
    getOrderStatus: async (orderId: string): Promise<CallResult<OrderStatus>> =>
      callApi<OrderStatus>(subscriptionMessages.orderStatus, () => http.get(`orders/${encodeURIComponent(orderId)}`), { expected: [404] }),
    /** POST /subscriptions/create (idempotent on orderId). */
    createSubscription: async (body: SubscriptionCreate): Promise<Subscription | null> =>
      dataOrNull(await callApi<Subscription>(subscriptionMessages.createSubscription, () => http.post('subscriptions/create', { json: body }))),
  };
}

export type SubscriptionApi = ReturnType<typeof createSubscriptionApi>;
