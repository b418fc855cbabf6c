import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * Counts, read-only, in the database of the server Playwright started (playwright.config.ts gives it a fresh
 * E2E_DATA_DIR): what the browser's actions left behind for one email.
 */
export function countsFor(email: string) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  const db = new Database(join(dir, 'astrelle.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const key = email.toLowerCase();
    const count = (table: string, where = '') =>
      (db.prepare(`select count(*) as n from ${table} where email_key = ? ${where}`).get(key) as { n: number }).n;
    const reportOrders = db.prepare('select reports from report_orders where email_key = ? order by created_at').all(key) as Array<{ reports: string }>;
    return {
      checkouts: count('checkouts'),
      paidCheckouts: count('checkouts', "and status = 'paid'"),
      subscriptions: count('subscriptions'),
      charges: count('charges'),
      purchases: count('purchases'),
      reportOrders: reportOrders.map((r) => JSON.parse(r.reports) as string[]),
    };
  } finally {
    db.close();
  }
}
