import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * What the money side of the reference server holds for one email, read-only from the SQLite database of the
 * server Playwright started (`${E2E_DATA_DIR}/astrelle.sqlite`, see playwright.config.ts), or from the PostgreSQL of
 * the topology (playwright.cluster.config.ts), oldest first.
 * Rows, not counts: a test can then say which product was charged how much, not only how often.
 */
export interface Ledger {
  /** Hosted checkouts: one per order the app started. */
  checkouts: Array<{ productId: string; status: string; orderId: string; amountCents: number }>;
  /** Subscriptions (a plan, or an offer's entitlement). */
  subscriptions: Array<{ productId: string; status: string; orderId: string }>;
  /** Money taken: exactly one row per paid order. */
  charges: Array<{ productId: string; amountCents: number; orderId: string }>;
  /** One-click offers bought. */
  purchases: Array<{ productId: string; offerId: string; orderId: string }>;
  /** Report orders the astro server took: the reports of each, and whether it had partner data. */
  reportOrders: Array<{ reports: string[]; partner: boolean }>;
}

function databaseFile(dataDir?: string): string {
  const dir = dataDir ?? process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return join(dir, 'astrelle.sqlite');
}

/** The PostgreSQL of the topology the tests run through (playwright.cluster.config.ts), or undefined: the SQLite file. */
function clusterDatabaseUrl(): string | undefined {
  const file = process.env.CLUSTER_INFO_FILE;
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as { databaseUrl: string }).databaseUrl : undefined;
}

type Row = Record<string, unknown>;
const LEDGER_QUERIES = {
  checkouts: 'select product_id, status, order_id, amount_cents from checkouts where email_key = $1 order by created_at',
  subscriptions: 'select product_id, status, order_id from subscriptions where email_key = $1 order by created_at',
  charges: 'select product_id, amount_cents, order_id from charges where email_key = $1 order by created_at',
  purchases: 'select product_id, offer_id, order_id from purchases where email_key = $1 order by created_at',
  reportOrders: 'select reports, partner_data from report_orders where email_key = $1 order by created_at',
};

/**
 * The ledger of `email` (matched as the server keys it: lower-cased), on the shared server or the one keeping `dataDir`;
 * through the topology, in its PostgreSQL.
 */
export async function ledgerFor(email: string, dataDir?: string): Promise<Ledger> {
  const key = email.toLowerCase();
  const databaseUrl = dataDir === undefined ? clusterDatabaseUrl() : undefined;
  let rows: (query: keyof typeof LEDGER_QUERIES) => Promise<Row[]>;
  let close: () => Promise<void>;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    rows = async (query) => (await client.query(LEDGER_QUERIES[query], [key])).rows as Row[];
    close = () => client.end();
  } else {
    const db = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
    // SQLite: rows stored in the same millisecond in the order they were stored.
    rows = async (query) => db.prepare(`${LEDGER_QUERIES[query].replace('$1', '?')}, rowid`).all(key) as Row[];
    close = async () => {
      db.close();
    };
  }
  try {
    return {
      checkouts: (await rows('checkouts')).map((r) => ({ productId: String(r.product_id), status: String(r.status), orderId: String(r.order_id), amountCents: Number(r.amount_cents) })),
      subscriptions: (await rows('subscriptions')).map((r) => ({ productId: String(r.product_id), status: String(r.status), orderId: String(r.order_id) })),
      charges: (await rows('charges')).map((r) => ({ productId: String(r.product_id), amountCents: Number(r.amount_cents), orderId: String(r.order_id) })),
      purchases: (await rows('purchases')).map((r) => ({ productId: String(r.product_id), offerId: String(r.offer_id), orderId: String(r.order_id) })),
      reportOrders: (await rows('reportOrders')).map((r) => ({ reports: JSON.parse(String(r.reports)) as string[], partner: r.partner_data !== null })),
    };
  } finally {
    await close();
  }
}

/**
 * The personal records the reference server keeps of one visitor: their astro profile and subscription user (by
 * email) and their session (by usid), every column as stored, read-only. A refused takeover leaves them as they were.
 */
export function recordsOf(email: string, usid: string): { astroUsers: unknown[]; subscriptionUsers: unknown[]; sessions: unknown[] } {
  const db = new Database(databaseFile(), { readonly: true, fileMustExist: true });
  try {
    const key = email.toLowerCase();
    return {
      astroUsers: db.prepare('select * from astro_users where email_key = ? or usid = ? order by rowid').all(key, usid),
      subscriptionUsers: db.prepare('select * from subscription_users where email_key = ? order by rowid').all(key),
      sessions: db.prepare('select * from sessions where id = ? or user_email = ? order by rowid').all(usid, email),
    };
  } finally {
    db.close();
  }
}
