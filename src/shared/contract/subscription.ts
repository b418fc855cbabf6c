/**
 * The subscription server's contract (`/subs`): sessions, users, plans and subscriptions, then the hosted
 * checkout, one-click purchases and order statuses. The rules every route keeps are in common.ts.
 *
 * Endpoints (request → success | errors besides 400):
 * - GET  /subs/subscription-plans?project=&provider=&countryCode=&isTest=  → 200 Product[]
 * - POST /subs/sessions/create [r]                SessionCreate → 201 Session (new; sets the credential) | 200 Session (the
 *                                                 caller's own, existing) | 403 (field id: another visitor's session)
 * - POST /subs/sessions/write/{id} [v]            SessionWrite → 200 Session | 404
 * - GET  /subs/sessions/{id} [v][r]               → 200 Session | 404
 * - POST /subs/sessions/{id}/seen [v]             SessionSeen → 200 Session: remembers that the visitor was shown a
 *                                                 screen offered once (a discount page), for good | 404 | 409 (field
 *                                                 screen: the session already remembers the most screens it may)
 * - GET  /subs/recent-purchases?project= [r]      → 200 RecentPurchase[]: the latest plan purchases of the project,
 *                                                 newest first, at most 10, each buyer's first name masked (no email,
 *                                                 no full name); the sandbox's sample purchases too where it seeds them
 * - POST /subs/users/create [v][r]                SubscriptionUserPayload → 201 (new) | 200 (the caller's own, updated)
 *                                                 SubscriptionUser | 409 (field email: another visitor's record, unchanged)
 * - GET  /subs/users?email=&project= [v][r]       → 200 SubscriptionUser (the caller's own) | 404
 * - GET  /subs/users/check-subscription?email=&project= [r]  → 200 SubscriptionCheck (info.productId only to the visitor
 *                                                 whose checkout paid for it; null for anyone else)
 * - POST /subs/subscriptions/create [v]           SubscriptionCreate → 200 Subscription: confirms, idempotently, the
 *                                                 subscription the caller's own paid hosted checkout of this orderId made;
 *                                                 never creates one | 402 (field orderId: not paid) | 404 (field orderId:
 *                                                 no checkout of the caller's) | 409 (the field that differs from the order;
 *                                                 productId: the order bought an offer)
 * - POST /subs/checkout/sessions [v][r]          CheckoutCreate → 201 Checkout | 200 (replay of the orderId, same fields)
 *                                                 | 404 (unknown product for this project and provider) | 409 (orderId
 *                                                 reused: field orderId; field productId: a plan while the email has
 *                                                 any active subscription in the project, an offer it already
 *                                                 bought) | 400 (a return URL not allowed: its field name)
 * - GET  /subs/checkout/sessions/{id} [v]         → 200 Checkout | 404
 * - GET  /subs/checkout/{id}                      → 200 text/html, the sandbox hosted page | 404 text/html
 * - POST /subs/checkout/{id}/pay                  form (the page's own) → 303 to successUrl?payment=true&order={orderId}
 *                                                 | 303 to errorUrl?payment=true&reason=declined|already_purchased
 *                                                 (already_purchased, nothing charged: a plan when the email got an
 *                                                 active subscription since the checkout opened, an offer bought since)
 *                                                 | 400 text/html (the form again, with a message) | 404 text/html
 * - GET  /subs/checkout/{id}/cancel               → 303 to cancelUrl?payment=cancelled | 404 text/html
 *   (the hosted pages stand for the provider's site: the unguessable checkout id is what opens them, no credential)
 * - POST /subs/purchases [v]                      PurchaseCreate → 201 Purchase | 200 (replay of the orderId) | 402 (the
 *                                                 caller paid no checkout with this provider: field payment) | 403 (field
 *                                                 email: not the address the caller paid for) | 404 (unknown product, or not
 *                                                 an offer) | 409 (orderId reused: field orderId; field productId: the offer
 *                                                 is already the email's, bought alone or inside a bundle it bought)
 * - GET  /subs/purchases?project= [v]             → 200 Purchase[] (the caller's own, oldest first)
 * - GET  /subs/payment-method?project=&provider= [v] → 200 StoredPaymentMethod: what POST /subs/purchases with this
 *                                                 provider would charge (the caller's own stored method) | 404 (field
 *                                                 payment: none)
 * - GET  /subs/orders/{orderId} [v]               → 200 OrderStatus (the caller's own order) | 404
 */
import { Type, type Static } from 'typebox';
import { Email, Id, Nullable, ReportId, Timestamp, VisitorId } from './common';

/** A project (product) id such as "astrelle" or "food-mentor". */
export const ProjectId = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' });
export const Provider = Type.Union([Type.Literal('maxpay'), Type.Literal('paypal')]);
export type Provider = Static<typeof Provider>;

/** `GET /subs/subscription-plans` query: all four are required. */
export const PlansQuery = Type.Object({
  project: ProjectId,
  provider: Provider,
  /** ISO 3166-1 alpha-2. Every country gets the same USD catalogue today. */
  countryCode: Type.String({ pattern: '^[A-Z]{2}$' }),
  isTest: Type.Boolean(),
});
export type PlansQuery = Static<typeof PlansQuery>;

const PlanType = Type.Union([Type.Literal('TRIAL'), Type.Literal('SUBSCRIPTION')]);
export type PlanType = Static<typeof PlanType>;

/** A subscription plan; grouped in the browser by abTestId (ab_test), price 29 (high), 19 (medium), else low. */
export const Plan = Type.Object({
  id: Id,
  /** The payment provider's product id; what POST /subs/subscriptions/create takes. */
  productId: Id,
  packageId: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]),
  project: ProjectId,
  provider: Provider,
  type: PlanType,
  name: Type.String({ maxLength: 200 }),
  /** Subscription price per period, USD. */
  price: Type.Number(),
  /** Price of the trial period, USD; 0 for SUBSCRIPTION. */
  trialPrice: Type.Number(),
  currency: Type.Literal('USD'),
  additionalInfo: Type.Object({
    /** e.g. "1 month" */
    subscriptionDuration: Type.String({ maxLength: 32 }),
    /** e.g. "14 days"; "0 days" for SUBSCRIPTION */
    trialDuration: Type.String({ maxLength: 32 }),
  }),
  /**
   * The plan set this plan belongs to, or null for the regular plans: 'trial_price_test' (an A/B test of
   * trial prices), 'sale' (/sale: half the trial price) and 'secret_discount' (/secret-discount: a quarter),
   * each with packages "1", "2" and "3" at the regular subscription prices. A buyer holds at most one active
   * subscription in a project, whichever set the plan comes from.
   */
  abTestId: Nullable(Type.String({ maxLength: 64 })),
  /** Report ids the plan entitles to. */
  reports: Type.Array(ReportId),
  isTest: Type.Boolean(),
  /**
   * Where a checkout of this product starts: `/subs/checkout/sessions`. POST a CheckoutCreate there, then
   * navigate to the answer's `url` (see Checkout).
   */
  paymentPage: Type.String({ maxLength: 512 }),
  amplitudeId: Type.String({ maxLength: 128 }),
});
export type Plan = Static<typeof Plan>;

export const OfferId = Type.Union([Type.Literal('birth_chart'), Type.Literal('love_paths'), Type.Literal('ultra_pack')]);
export type OfferId = Static<typeof OfferId>;

/**
 * An extra fixed-price report offer. A bundle (`includes` not empty, e.g. ultra_pack) contains other offers: buying
 * it makes them the buyer's too, an offer the buyer owns (alone or inside a bundle) is never sold again, and a
 * bundle is charged its price less the prices of the offers in it the buyer already owns
 * (src/shared/offer-bundles.ts, the rule the server charges by).
 */
export const Offer = Type.Object({
  id: OfferId,
  productId: Id,
  name: Type.String({ maxLength: 200 }),
  price: Type.Number(),
  prevPrice: Type.Number(),
  percentOff: Type.Integer(),
  currency: Type.Literal('USD'),
  provider: Provider,
  type: Type.Literal('FIXED'),
  amplitudeId: Type.String({ maxLength: 128 }),
  isTest: Type.Boolean(),
  /** `/subs/checkout/sessions`, as for plans. After a paid checkout, POST /subs/purchases buys an offer in one click. */
  paymentPage: Type.String({ maxLength: 512 }),
  reports: Type.Array(ReportId),
  /** The other offers this one contains (ultra_pack: birth_chart and love_paths); empty for a single reading. */
  includes: Type.Array(OfferId),
  /** What the offer contains, in words, for the buyer to read before paying. */
  description: Type.String({ maxLength: 300 }),
});
export type Offer = Static<typeof Offer>;

/** One entry of GET /subs/subscription-plans: discriminate on `type` ('FIXED' is an Offer). */
export const Product = Type.Union([Plan, Offer]);
export type Product = Static<typeof Product>;
export const ProductList = Type.Array(Product);
export type ProductList = Static<typeof ProductList>;

/** IP details as the browser stores them on the session (built from the IP lookup). */
export const IpInfo = Type.Object(
  {
    ip: Type.String({ maxLength: 45 }),
    city: Type.String({ maxLength: 128 }),
    /** ISO country code, or "" when unknown. */
    country: Type.String({ pattern: '^(?:[A-Z]{2})?$' }),
    postal: Type.String({ maxLength: 32 }),
    /** "lat,lon", or "" when unknown. */
    loc: Type.String({ pattern: '^(?:-?\\d{1,3}(?:\\.\\d+)?,-?\\d{1,3}(?:\\.\\d+)?)?$', maxLength: 64 }),
    timezone: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type IpInfo = Static<typeof IpInfo>;

const AttributionString = Type.String({ maxLength: 512 });
/** Where the visitor came from (query parameters of the landing URL and its hash). */
export const Attribution = Type.Object(
  {
    utmSource: Type.Optional(AttributionString),
    utmCampaign: Type.Optional(AttributionString),
    utmContent: Type.Optional(AttributionString),
    utmTerm: Type.Optional(AttributionString),
    originalUrlAd: Type.Optional(AttributionString),
    noAdset: Type.Optional(AttributionString),
    hash: Type.Optional(AttributionString),
  },
  { additionalProperties: false },
);
export type Attribution = Static<typeof Attribution>;

/** A/B test data: at most 50 keys of at most 128 characters, and 8 KB of JSON. */
export const AbTestData = Type.Record(Type.String(), Type.Unknown(), { maxProperties: 50, propertyNames: { maxLength: 128 } });
export type AbTestData = Static<typeof AbTestData>;
/** Largest accepted `abTestData`, in bytes of UTF-8 JSON. */
export const AB_TEST_DATA_MAX_BYTES = 8 * 1024;

export const SessionIdParams = Type.Object({ id: VisitorId });
export type SessionIdParams = Static<typeof SessionIdParams>;

export const SessionCreate = Type.Object({ id: VisitorId }, { additionalProperties: false });
export type SessionCreate = Static<typeof SessionCreate>;

export const SessionWrite = Type.Object(
  {
    /** Must equal the id in the path. */
    id: VisitorId,
    flowOuter: Type.Boolean(),
    abTestData: AbTestData,
    gclid: Type.Boolean(),
    testEventCode: Nullable(Type.String({ maxLength: 64 })),
    /** Also fills session.user's ip, postalCode, countryCode, city, loc and timezone; null leaves them. */
    ipInfo: Nullable(IpInfo),
    /** When absent the stored attribution is kept. */
    attribution: Type.Optional(Attribution),
  },
  { additionalProperties: false },
);
export type SessionWrite = Static<typeof SessionWrite>;

const NullableString = (maxLength: number) => Nullable(Type.String({ maxLength }));

export const SessionUser = Type.Object({
  /** The subscription user's id, once a subscription names this session (usid). */
  id: NullableString(64),
  email: NullableString(254),
  ip: NullableString(45),
  postalCode: NullableString(32),
  countryCode: NullableString(2),
  city: NullableString(128),
  loc: NullableString(64),
  timezone: NullableString(64),
});
export type SessionUser = Static<typeof SessionUser>;

/** A screen id of the flow (kebab-case), as the session remembers screens offered once. */
export const ScreenId = Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 64 });
/** The most screens offered once a session remembers: a flow has a few (its discount pages). */
export const SEEN_SCREENS_MAX = 20;

/** `POST /subs/sessions/{id}/seen`: the visitor was shown this screen offered once (`once: true` in the flow). */
export const SessionSeen = Type.Object({ screen: ScreenId }, { additionalProperties: false });
export type SessionSeen = Static<typeof SessionSeen>;

export const Session = Type.Object({
  id: VisitorId,
  /** null until the session knows anything about its visitor (IP info or a subscription). */
  user: Nullable(SessionUser),
  record: Type.Object({
    flowOuter: Type.Boolean(),
    abTestData: AbTestData,
    ipInfo: Nullable(IpInfo),
    altPayout: Type.Boolean(),
    gclid: Type.Boolean(),
    testEventCode: NullableString(64),
    attribution: Attribution,
    /**
     * The screens offered once (the discount pages) this visitor has been shown, in the order first seen: the funnel
     * never leads them there again, in any tab (POST /subs/sessions/{id}/seen adds one; a session write keeps them).
     */
    seenScreens: Type.Array(ScreenId, { maxItems: SEEN_SCREENS_MAX }),
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Session = Static<typeof Session>;

export const SubscriptionUserPayload = Type.Object(
  {
    email: Email,
    isLegal: Type.Boolean(),
    project: ProjectId,
    ip: NullableString(45),
    fbc: NullableString(512),
    fbp: NullableString(512),
    city: NullableString(128),
    postalCode: NullableString(32),
    countryCode: NullableString(2),
    loc: NullableString(64),
    timezone: NullableString(64),
    userAgent: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type SubscriptionUserPayload = Static<typeof SubscriptionUserPayload>;

export const SubscriptionUser = Type.Object({
  ...SubscriptionUserPayload.properties,
  id: Id,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type SubscriptionUser = Static<typeof SubscriptionUser>;

/** `?email=&project=` of GET /subs/users and GET /subs/users/check-subscription. */
export const UserQuery = Type.Object({ email: Email, project: ProjectId });
export type UserQuery = Static<typeof UserQuery>;

export const SubscriptionCheck = Type.Object({
  isPremium: Type.Boolean(),
  /** The product of the newest active subscription; null when there is none. */
  info: Nullable(Type.Object({ productId: Id })),
});
export type SubscriptionCheck = Static<typeof SubscriptionCheck>;

export const SubscriptionCreate = Type.Object(
  {
    email: Email,
    project: ProjectId,
    productId: Id,
    provider: Provider,
    /** Idempotency key: repeating a request with the same orderId returns the same subscription. */
    orderId: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
    /** The visitor's session id; links the session's user to the subscription user. */
    usid: Type.Optional(VisitorId),
  },
  { additionalProperties: false },
);
export type SubscriptionCreate = Static<typeof SubscriptionCreate>;

export const Subscription = Type.Object({
  id: Id,
  email: Email,
  project: ProjectId,
  productId: Id,
  provider: Provider,
  orderId: Type.String({ maxLength: 64 }),
  status: Type.Literal('active'),
  createdAt: Timestamp,
});
export type Subscription = Static<typeof Subscription>;

// ───────────────────────────── checkout and purchases (/subs) ─────────────────────────────

/** A client-chosen idempotency key: repeating a request with it answers what the first one made. */
export const OrderId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });

/**
 * Where the hosted checkout sends the visitor back. Allowed (anything else is a 400 naming the field):
 * - a path-absolute URL on the app's own origin (`/payment-success?usid=…`), or an absolute http(s) URL on an
 *   origin the server lists in APP_ORIGINS (`https://app.example/payment-success`);
 * - whose path is exactly one of the app's return pages (default `/payment-success`, `/payment-error`, `/sale`,
 *   `/secret-discount`, `/select-price`, `/signup-offer`, `/signup-offer-success`);
 * - with an optional query string, and no fragment, backslash, whitespace, control or non-ASCII character,
 *   userinfo, `@` (no email in a URL) or malformed percent escape.
 * The server adds its own parameters to the query (`payment`, `order`, `reason`), replacing any of the same name.
 */
export const ReturnUrl = Type.String({ minLength: 1, maxLength: 2048 });

export const CheckoutCreate = Type.Object(
  {
    project: ProjectId,
    provider: Provider,
    /** A plan's or an offer's productId, of this project and provider. */
    productId: Id,
    /** The buyer. Never appears in the checkout's URL or page. */
    email: Email,
    /** The visitor's session: its user gets this email and the subscription user's id. */
    usid: VisitorId,
    /** Idempotency key: the same orderId with the same fields answers the same checkout (200). */
    orderId: OrderId,
    /** After a payment: the server adds `payment=true&order={orderId}`. */
    successUrl: ReturnUrl,
    /** After a decline: the server adds `payment=true&reason=declined` (or `reason=already_purchased`). */
    errorUrl: ReturnUrl,
    /** The page's "Cancel and return" link: the server adds `payment=cancelled`. */
    cancelUrl: ReturnUrl,
  },
  { additionalProperties: false },
);
export type CheckoutCreate = Static<typeof CheckoutCreate>;

export const CheckoutStatus = Type.Union([Type.Literal('open'), Type.Literal('paid'), Type.Literal('declined'), Type.Literal('cancelled')]);
export type CheckoutStatus = Static<typeof CheckoutStatus>;

/**
 * A sandbox hosted checkout. The browser navigates to `url` (resolved against the subscription server's origin);
 * the page takes the payment and sends the visitor back to one of the return URLs. One checkout charges at most once.
 */
export const Checkout = Type.Object({
  id: Id,
  /** Path of the hosted page, `/subs/checkout/{id}`; never contains the email. */
  url: Type.String({ maxLength: 512 }),
  status: CheckoutStatus,
  orderId: OrderId,
  project: ProjectId,
  provider: Provider,
  productId: Id,
  /** What is charged now, USD: a TRIAL plan's trialPrice, a SUBSCRIPTION plan's or an offer's price. */
  amount: Type.Number(),
  currency: Type.Literal('USD'),
  createdAt: Timestamp,
});
export type Checkout = Static<typeof Checkout>;

export const CheckoutIdParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }) });
export type CheckoutIdParams = Static<typeof CheckoutIdParams>;

/**
 * A one-click purchase of an offer, charged to the buyer's stored sandbox payment method: the card or PayPal account
 * of their latest paid checkout in this project with this provider (402 when there is none).
 */
export const PurchaseCreate = Type.Object(
  {
    project: ProjectId,
    provider: Provider,
    /** An offer's productId (type FIXED), of this project and provider. */
    productId: Id,
    email: Email,
    usid: VisitorId,
    /** Idempotency key: the same orderId with the same fields answers the same purchase (200). */
    orderId: OrderId,
  },
  { additionalProperties: false },
);
export type PurchaseCreate = Static<typeof PurchaseCreate>;

/** A bought offer, by one-click purchase or through a hosted checkout. */
export const Purchase = Type.Object({
  id: Id,
  orderId: OrderId,
  project: ProjectId,
  provider: Provider,
  productId: Id,
  /** Which offer this is (birth_chart, love_paths, ultra_pack). */
  offerId: OfferId,
  email: Email,
  /** What was charged, USD: the offer's price, or for a bundle its price less the offers in it the buyer already owned. */
  amount: Type.Number(),
  currency: Type.Literal('USD'),
  /** What was charged, for display: "card ending 4242" or "PayPal buyer@sandbox.paypal.example". */
  paymentMethod: Type.String({ maxLength: 128 }),
  status: Type.Literal('paid'),
  createdAt: Timestamp,
});
export type Purchase = Static<typeof Purchase>;
export const PurchaseList = Type.Array(Purchase);
export type PurchaseList = Static<typeof PurchaseList>;

/** `?project=&provider=` of GET /subs/payment-method. */
export const PaymentMethodQuery = Type.Object({ project: ProjectId, provider: Provider });
export type PaymentMethodQuery = Static<typeof PaymentMethodQuery>;

/**
 * The payment method a one-click purchase would charge, as the buy button names it ("card •••• 4242", "PayPal"):
 * the card's last four digits, never more; of a PayPal account, nothing (its address is personal data).
 */
export const StoredPaymentMethod = Type.Union([
  Type.Object({ provider: Provider, type: Type.Literal('card'), last4: Type.String({ pattern: '^[0-9]{4}$' }) }),
  Type.Object({ provider: Provider, type: Type.Literal('paypal') }),
]);
export type StoredPaymentMethod = Static<typeof StoredPaymentMethod>;

/** `?project=` of GET /subs/recent-purchases. */
export const RecentPurchasesQuery = Type.Object({ project: ProjectId });
export type RecentPurchasesQuery = Static<typeof RecentPurchasesQuery>;

/** The most entries GET /subs/recent-purchases answers: the price page's "Recently joined" list shows 10. */
export const RECENT_PURCHASES_MAX = 10;

/**
 * One real plan purchase (a paid hosted checkout of a TRIAL or SUBSCRIPTION plan), as the price page's "Recently
 * joined" list shows it: the buyer's first name masked (first and last letter, "M***a"), what was charged and when.
 * Nothing else about the buyer leaves the server. `sandbox`: one of the sample purchases a sandbox server seeds so
 * that a fresh run has a list; never true on a server that does not seed them.
 */
export const RecentPurchase = Type.Object({
  name: Type.String({ pattern: '^\\S\\*{3}\\S?$', maxLength: 8 }),
  /** What was charged, USD. */
  amount: Type.Number(),
  currency: Type.Literal('USD'),
  createdAt: Timestamp,
  sandbox: Type.Boolean(),
});
export type RecentPurchase = Static<typeof RecentPurchase>;
export const RecentPurchaseList = Type.Array(RecentPurchase, { maxItems: RECENT_PURCHASES_MAX });
export type RecentPurchaseList = Static<typeof RecentPurchaseList>;

/** `?project=` of GET /subs/purchases: the visitor's own purchases; the credential says whose (no email in the URL). */
export const PurchaseQuery = Type.Object({ project: ProjectId });
export type PurchaseQuery = Static<typeof PurchaseQuery>;

/** `{orderId}` of GET /subs/orders/{orderId}. */
export const OrderIdParams = Type.Object({ orderId: OrderId });
export type OrderIdParams = Static<typeof OrderIdParams>;

/**
 * What a payment return page may say about its order: `paid` (the subscription or offer is the visitor's),
 * `pending` (the checkout is still open), `declined` (with why) or `cancelled`. Only the visitor whose
 * checkout it is gets an answer; for anyone else, and for an order id nobody made, it is a 404.
 */
export const OrderStatus = Type.Object({
  orderId: OrderId,
  status: Type.Union([Type.Literal('paid'), Type.Literal('pending'), Type.Literal('declined'), Type.Literal('cancelled')]),
  /** For `declined`: declined (the payment was refused) or already_purchased (nothing charged). */
  reason: Nullable(Type.Union([Type.Literal('declined'), Type.Literal('already_purchased')])),
  productId: Id,
  provider: Provider,
});
export type OrderStatus = Static<typeof OrderStatus>;
