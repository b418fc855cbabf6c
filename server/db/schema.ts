import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { AstroUser, ReportOrderReceipt } from '../../src/shared/contract/astro';
import type { CheckoutStatus, OfferId, OrderStatus, Plan, PlanType, Provider, Purchase } from '../../src/shared/contract/subscription';

// The tables as Kysely sees them. Both dialects share one shape; the row mappers in the stores turn what
// each driver returns into the contract's types:
// - timestamps: PostgreSQL timestamptz (read as Date), SQLite ISO 8601 text; written as ISO strings;
// - booleans: PostgreSQL boolean, SQLite 0/1 (the SQLite plugin in open.ts writes JS booleans as 0/1);
// - JSON: text on both (exactly what was sent, key order kept), parsed by the mappers;
// - money: integer cents;
// - enumerations (provider, status, type, offer and package ids, locale): text on both, typed here as the union
//   of the values the server writes. Only the server writes these tables, so a row read holds one of them.

/** What a timestamp column reads as on either dialect; always written as an ISO string. */
export type Timestamp = ColumnType<Date | string, string, string>;
/** What a boolean column reads as on either dialect (true/false or 1/0); always written as a JS boolean. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** JSON kept as text. */
export type JsonText = string;
/** A bigint column: PostgreSQL's driver returns it as a string, SQLite's as a number; written as a number. */
export type BigIntColumn = ColumnType<number | string, number, number>;

/** A product's kind: a plan (TRIAL or SUBSCRIPTION) or an offer (FIXED). */
export type ProductType = PlanType | 'FIXED';
/** A plan's package: "1", "2" or "3". */
export type PackageId = Plan['packageId'];
/** A subscription counts while active; revoked ones (0006: no paid checkout made them) do not. */
export type SubscriptionStatus = 'active' | 'revoked';
/** Why a checkout ended declined. */
export type DeclineReason = NonNullable<OrderStatus['reason']>;

export interface SessionsTable {
  id: string;
  user_id: string | null;
  user_email: string | null;
  ip: string | null;
  postal_code: string | null;
  country_code: string | null;
  city: string | null;
  loc: string | null;
  timezone: string | null;
  flow_outer: Bool;
  ab_test_data: JsonText;
  ip_info: JsonText | null;
  alt_payout: Bool;
  gclid: Bool;
  test_event_code: string | null;
  attribution: JsonText;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The screens offered once (discount pages) the visitor has been shown: a JSON array of screen ids (0008). */
  seen_screens: ColumnType<string, string | undefined, string>;
  /** The flow and its stored version the visitor started on (0010); null for sessions from before the flow store. */
  flow_id: ColumnType<string | null, string | null | undefined, string | null>;
  flow_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** A session opened through an editor's preview link (0010): left out of every report. */
  preview: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** The experiment whose arm (flow_version) the visitor was served when the session was made (0012): an exposure. */
  experiment_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AstroUsersTable {
  id: string;
  email: string;
  /** Lower-cased email: the unique key. */
  email_key: string;
  usid: string;
  username: string;
  is_legal: Bool;
  gender: string;
  relationship: string;
  birth_date: string;
  birth_time: string;
  latitude: number;
  longitude: number;
  locale: AstroUser['locale'];
  timezone: string;
  email_confirmed: Bool;
  confirmed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReportOrdersTable {
  id: string;
  email: string;
  email_key: string;
  reports: JsonText;
  your_data: JsonText;
  partner_data: JsonText | null;
  status: ReportOrderReceipt['status'];
  created_at: Timestamp;
  /** Digest of what was ordered, so an identical order within a day is the same order (0004). */
  content_key: string | null;
  /** The visitor whose credential ordered it (0005); null before that. */
  usid: string | null;
}

export interface SubscriptionUsersTable {
  id: string;
  email: string;
  email_key: string;
  project: string;
  is_legal: Bool;
  ip: string | null;
  fbc: string | null;
  fbp: string | null;
  city: string | null;
  postal_code: string | null;
  country_code: string | null;
  loc: string | null;
  timezone: string | null;
  user_agent: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The visitor (usid) who created it: only they read or update it (0005); null before that. */
  owner_usid: string | null;
}

export interface ProductsTable {
  /** The plan id; for offers a per-variant key (the contract's offer id is offer_id). */
  id: string;
  product_id: string;
  project: string;
  provider: Provider;
  /** TRIAL, SUBSCRIPTION or FIXED. */
  type: ProductType;
  /** Set on offers (FIXED) only. */
  offer_id: OfferId | null;
  /** Set on plans (TRIAL, SUBSCRIPTION) only. */
  package_id: PackageId | null;
  name: string;
  price_cents: number;
  trial_price_cents: number | null;
  prev_price_cents: number | null;
  percent_off: number | null;
  currency: string;
  subscription_duration: string | null;
  trial_duration: string | null;
  ab_test_id: string | null;
  reports: JsonText;
  is_test: Bool;
  amplitude_id: string;
  sort_order: number;
}

export interface SubscriptionsTable {
  id: string;
  order_id: string;
  email: string;
  email_key: string;
  project: string;
  product_id: string;
  provider: Provider;
  status: SubscriptionStatus;
  usid: string | null;
  subscription_user_id: string;
  created_at: Timestamp;
  /**
   * True on the one active plan (TRIAL or SUBSCRIPTION) subscription a buyer may hold in a project: unique per
   * email and project among active rows (0003). False for offers; default false.
   */
  plan_slot: ColumnType<boolean | number, boolean | undefined, boolean>;
}

/** A sandbox hosted checkout: one order of one product, paid (charged) at most once. */
export interface CheckoutsTable {
  id: string;
  /** The client's idempotency key. */
  order_id: string;
  email: string;
  email_key: string;
  project: string;
  provider: Provider;
  product_id: string;
  usid: string;
  subscription_user_id: string;
  /** What is charged now, fixed when the checkout is created. */
  amount_cents: number;
  currency: string;
  /** open, paid, declined or cancelled; only an open checkout changes. */
  status: CheckoutStatus;
  success_url: string;
  error_url: string;
  cancel_url: string;
  /** Set when paid: the stored sandbox payment method ("card ending 4242"), never a card number or CVC. */
  payment_method: string | null;
  /** Set when declined: declined or already_purchased. */
  decline_reason: DeclineReason | null;
  /** Set when paid: the visitor whose browser submitted the payment (null: no credential came with it) (0006). */
  paid_by_usid: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Made by a session an editor opened through a preview link (0011): left out of every report of payments. */
  preview: ColumnType<boolean | number, boolean | undefined, boolean>;
}

/** Money taken: exactly one row per paid order. */
export interface ChargesTable {
  id: string;
  order_id: string;
  /** The checkout that took it; null for a one-click purchase. */
  checkout_id: string | null;
  email: string;
  email_key: string;
  project: string;
  provider: Provider;
  product_id: string;
  amount_cents: number;
  currency: string;
  payment_method: string;
  created_at: Timestamp;
  /** Taken from a preview's checkout or purchase (0011): left out of every report of payments. */
  preview: ColumnType<boolean | number, boolean | undefined, boolean>;
}

/** A bought offer (FIXED product): at most one per email, project and product. */
export interface PurchasesTable {
  id: string;
  order_id: string;
  email: string;
  email_key: string;
  project: string;
  provider: Provider;
  product_id: string;
  offer_id: OfferId;
  amount_cents: number;
  currency: string;
  payment_method: string;
  status: Purchase['status'];
  usid: string | null;
  /** The checkout it was paid through; null for a one-click purchase. */
  checkout_id: string | null;
  subscription_user_id: string;
  created_at: Timestamp;
  /** Made by a session an editor opened through a preview link (0011): left out of every report of payments. */
  preview: ColumnType<boolean | number, boolean | undefined, boolean>;
}

/**
 * One event of the first-party event log (0007), as posted in Amplitude's HTTP V2 format, without anything
 * personal (server/analytics/personal-data.ts). Optional event fields the client did not send are null.
 */
export interface AnalyticsEventsTable {
  id: string;
  received_at: Timestamp;
  /** The api_key of the upload: it only tags the row (any key is accepted). */
  api_key: string;
  event_type: string;
  /** The event's `time`, or the upload's arrival when it had none (as Amplitude does). */
  event_time: Timestamp;
  device_id: string | null;
  user_id: string | null;
  /** Milliseconds since the epoch at the session's start; null for none (Amplitude's -1 too). */
  session_id: BigIntColumn | null;
  insert_id: string | null;
  /** Digest of (api key, device, insert_id) while inside Amplitude's 7-day deduplication window; else null. */
  dedupe_key: string | null;
  platform: string | null;
  os_name: string | null;
  os_version: string | null;
  app_version: string | null;
  language: string | null;
  library: string | null;
  event_properties: JsonText;
  user_properties: JsonText;
}

/** The event log's use of a UTC day (0009): what it stored, and when the day's storage ceiling was reached. */
export interface AnalyticsDailyUsageTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  stored_events: BigIntColumn;
  /** The stored events' size as the ceiling counts it (storedBytes in server/analytics/event-log.ts). */
  stored_bytes: BigIntColumn;
  /** ISO 8601, when an upload first found the ceiling reached; null while it has not been. */
  ceiling_reached_at: string | null;
  /** The ceiling in force then, in bytes. */
  ceiling_bytes: BigIntColumn | null;
}

/**
 * A sample purchase a sandbox server lists under "Recently joined" (0008): not money, no checkout or charge refers to
 * it. Only a server that seeds them (SANDBOX_PURCHASES on) ever shows them.
 */
export interface SandboxPurchasesTable {
  id: string;
  project: string;
  /** A sample first name; only its masked form ("M***a") leaves the server. */
  first_name: string;
  amount_cents: number;
  currency: string;
  created_at: Timestamp;
}

/** A stored version of a flow (0010): immutable once written, but for when it was first published or retired. */
export interface FlowVersionsTable {
  flow_id: string;
  version: number;
  /** The flow's JSON text as served, its `version` field the store's number. */
  json: string;
  /** SHA-256 of `json`, hex. */
  checksum: string;
  note: string;
  /** The editor token's name that stored it ("seed" for the version seeded from flows/). */
  author: string;
  created_at: Timestamp;
  published_at: Timestamp | null;
  retired_at: Timestamp | null;
  /** When a publish of another version moved this version's visitors on to it; null while it keeps them. */
  moved_at: Timestamp | null;
}

/** A flow's published version (0010): one row per flow. */
export interface FlowsTable {
  flow_id: string;
  published_version: number;
  published_at: Timestamp;
  published_by: string;
}

/** What editors changed (0010): one row per change. */
export interface EditorAuditTable {
  id: string;
  at: Timestamp;
  editor: string;
  /** stored, published, retired, previewed. */
  action: string;
  flow_id: string;
  version: number | null;
  detail: ColumnType<string, string | undefined, string>;
}

/** An experiment between whole flow versions (0012). */
export interface ExperimentsTable {
  id: string;
  flow_id: string;
  name: string;
  /** running or stopped. */
  state: 'running' | 'stopped';
  /** The editor token's name that started it. */
  created_by: string;
  created_at: Timestamp;
  stopped_at: Timestamp | null;
  /** The version published when it was stopped. */
  winner: number | null;
}

/** An arm of an experiment: a stored version and its weight now (0012). */
export interface ExperimentArmsTable {
  experiment_id: string;
  version: number;
  /** The arm's place in the editor's list (0-based). */
  position: number;
  weight: number;
}

/** A set of weights an experiment ran with, from `since` until the next row (0012). */
export interface ExperimentWeightsTable {
  experiment_id: string;
  since: Timestamp;
  /** JSON [{version, weight}]. */
  weights: JsonText;
}

export interface Database {
  sessions: SessionsTable;
  astro_users: AstroUsersTable;
  report_orders: ReportOrdersTable;
  subscription_users: SubscriptionUsersTable;
  products: ProductsTable;
  subscriptions: SubscriptionsTable;
  checkouts: CheckoutsTable;
  charges: ChargesTable;
  purchases: PurchasesTable;
  analytics_events: AnalyticsEventsTable;
  analytics_daily_usage: AnalyticsDailyUsageTable;
  sandbox_purchases: SandboxPurchasesTable;
  flow_versions: FlowVersionsTable;
  flows: FlowsTable;
  editor_audit: EditorAuditTable;
  experiments: ExperimentsTable;
  experiment_arms: ExperimentArmsTable;
  experiment_weights: ExperimentWeightsTable;
}

export type SessionRow = Selectable<SessionsTable>;
export type AstroUserRow = Selectable<AstroUsersTable>;
export type NewReportOrder = Insertable<ReportOrdersTable>;
export type SubscriptionUserRow = Selectable<SubscriptionUsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;
export type CheckoutRow = Selectable<CheckoutsTable>;
export type NewCheckout = Insertable<CheckoutsTable>;
export type ChargeRow = Selectable<ChargesTable>;
export type PurchaseRow = Selectable<PurchasesTable>;
export type NewAnalyticsEvent = Insertable<AnalyticsEventsTable>;
