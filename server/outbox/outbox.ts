import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fromJson, toIso } from '../db/values';
import { maskEmail } from '../../src/shared/mask-email';

/**
 * What a production deployment would email, from what the reference server recorded (it sends no email): a receipt
 * for every charge (plans, offers) and the reports of every report order. For `npm run outbox`: the address is
 * masked as the end screen shows it, so the output can be pasted into an issue.
 */
export interface OutboxEntry {
  time: string;
  kind: 'receipt' | 'reports';
  to: string;
  /** A receipt: the product and the amount; reports: the report ids. */
  what: string;
}

export async function outboxSince(db: Kysely<Database>, since: Date): Promise<OutboxEntry[]> {
  const from = since.toISOString();
  const charges = await db
    .selectFrom('charges')
    .select(['created_at', 'email', 'product_id', 'amount_cents', 'currency'])
    .where('created_at', '>=', from)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const orders = await db.selectFrom('report_orders').select(['created_at', 'email', 'reports']).where('created_at', '>=', from).orderBy('created_at').orderBy('id').execute();
  const entries: OutboxEntry[] = [
    ...charges.map((row) => ({
      time: toIso(row.created_at),
      kind: 'receipt' as const,
      to: maskEmail(row.email),
      what: `${row.product_id} ${(row.amount_cents / 100).toFixed(2)} ${row.currency}`,
    })),
    ...orders.map((row) => {
      const reports = fromJson<unknown>(row.reports);
      return {
        time: toIso(row.created_at),
        kind: 'reports' as const,
        to: maskEmail(row.email),
        what: Array.isArray(reports) ? reports.filter((r): r is string => typeof r === 'string').join(', ') : '',
      };
    }),
  ];
  return entries.sort((a, b) => a.time.localeCompare(b.time));
}
