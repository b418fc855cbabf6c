import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * What the money side of the reference server holds for one email, read-only from the SQLite database of the
 * server Playwright started (`${E2E_DATA_DIR}/astrelle.sqlite`, see playwright.config.ts), oldest first.
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

/** The ledger of `email` (matched as the server keys it: lower-cased), on the shared server or the one keeping `dataDir`. */
export function ledgerFor(email: string, dataDir?: string): Ledger {
  const db = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
  try {
    const key = email.toLowerCase();
    const rows = <T>(sql: string) => db.prepare(sql).all(key) as T[];
    return {
      checkouts: rows<{ product_id: string; status: string; order_id: string; amount_cents: number }>(
        'select product_id, status, order_id, amount_cents from checkouts where email_key = ? order by created_at, rowid',
      ).map((r) => ({ productId: r.product_id, status: r.status, orderId: r.order_id, amountCents: r.amount_cents })),
      subscriptions: rows<{ product_id: string; status: string; order_id: string }>(
        'select product_id, status, order_id from subscriptions where email_key = ? order by created_at, rowid',
      ).map((r) => ({ productId: r.product_id, status: r.status, orderId: r.order_id })),
      charges: rows<{ product_id: string; amount_cents: number; order_id: string }>(
        'select product_id, amount_cents, order_id from charges where email_key = ? order by created_at, rowid',
      ).map((r) => ({ productId: r.product_id, amountCents: r.amount_cents, orderId: r.order_id })),
      purchases: rows<{ product_id: string; offer_id: string; order_id: string }>(
        'select product_id, offer_id, order_id from purchases where email_key = ? order by created_at, rowid',
      ).map((r) => ({ productId: r.product_id, offerId: r.offer_id, orderId: r.order_id })),
      reportOrders: rows<{ reports: string; partner_data: string | null }>(
        'select reports, partner_data from report_orders where email_key = ? order by created_at, rowid',
      ).map((r) => ({ reports: JSON.parse(r.reports) as string[], partner: r.partner_data !== null })),
    };
  } finally {
    db.close();
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
