import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../src/shared/contract/common';
import { RECENT_PURCHASES_MAX, RecentPurchaseList, RecentPurchasesQuery, type RecentPurchase } from '../../src/shared/contract/subscription';
import type { Store } from '../db/open';
import type { RateLimits } from '../rate-limits';
import { toIso } from '../db/values';

// The price page's "Recently joined" list (10 entries with masked names), made true: the project's latest
// real plan purchases (paid hosted checkouts of TRIAL or SUBSCRIPTION plans, live products), each buyer named by the
// first name they gave for their reading, masked ("M***a"). No email, full name, place or id leaves the server.
// A sandbox server (SANDBOX_PURCHASES on, the default outside production) also lists sample purchases it seeded, so
// that a fresh run has a list; they are marked `sandbox: true`, and a server that does not seed them never lists
// them, even if an earlier run stored some. Where there are fewer purchases, the list is shorter, or empty.

/** How far back a purchase still counts as recent. */
export const RECENT_WINDOW_DAYS = 30;
/** How long an answer is reused: the list is the same for every visitor, and a purchase may show 10 s late. */
const CACHE_TTL_MS = 10_000;
const DAY_MS = 86_400_000;

/** What the routes need: the database, and whether this server lists its seeded sandbox purchases. */
export interface RecentPurchaseOptions {
  store: Store;
  limits: RateLimits;
  /** List the sample purchases seedSandboxPurchases stored (a sandbox or development server only). */
  sandbox: boolean;
}

/**
 * "Maya" → "M***a", "Jo" → "J***o", "Al" → "A***l", "É" → "É***": the first and last letter of the first word,
 * three stars between whatever the name's length (its length is not told). Null when the name does not start with
 * a letter: such a buyer is left out rather than shown as something made up.
 */
export function maskFirstName(name: string): string | null {
  const first = [...(name.trim().split(/\s+/)[0] ?? '')];
  const head = first[0];
  if (head === undefined || !/^\p{L}$/u.test(head)) return null;
  const tail = first.length > 1 ? first[first.length - 1] : undefined;
  return `${head.toLocaleUpperCase('en')}***${tail !== undefined && /^\p{L}$/u.test(tail) ? tail.toLocaleLowerCase('en') : ''}`;
}

/** GET /subs/recent-purchases?project=: see the contract (src/shared/contract/subscription.ts). */
export async function recentPurchaseRoutes(scope: FastifyInstance, { store, limits, sandbox }: RecentPurchaseOptions): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const cache = new Map<string, { at: number; list: RecentPurchase[] }>();
  app.get('/recent-purchases', {
    schema: { querystring: RecentPurchasesQuery, response: { 200: RecentPurchaseList, 400: ApiError } },
    config: { rateLimit: limits.sessions },
    handler: async (request, reply) => {
      const { project } = request.query;
      // Shared caches may keep it as briefly as this server does: it names nobody.
      reply.header('cache-control', `public, max-age=${CACHE_TTL_MS / 1000}`);
      const at = Date.now();
      const cached = cache.get(project);
      if (cached && at - cached.at < CACHE_TTL_MS) return cached.list;
      const list = await recentPurchases(store, project, sandbox, new Date(at));
      // Any well-formed project id may be asked for: answers past their time go, so the cache holds only what was
      // asked in the last 10 s (at most what the rate limit lets through), not every id ever tried.
      for (const [key, entry] of cache) if (at - entry.at >= CACHE_TTL_MS) cache.delete(key);
      cache.set(project, { at, list });
      return list;
    },
  });
}

/** The project's latest plan purchases (and, with `sandbox`, the seeded samples), newest first, at most 10. */
export async function recentPurchases(store: Store, project: string, sandbox: boolean, now: Date): Promise<RecentPurchase[]> {
  const since = new Date(now.getTime() - RECENT_WINDOW_DAYS * DAY_MS).toISOString();
  // A few more than shown: a buyer without a usable first name is left out.
  const fetch = RECENT_PURCHASES_MAX * 3;
  const real = await store.db
    .selectFrom('charges')
    .innerJoin('products', 'products.product_id', 'charges.product_id')
    .innerJoin('astro_users', 'astro_users.email_key', 'charges.email_key')
    .select(['astro_users.username as name', 'charges.amount_cents as cents', 'charges.created_at as createdAt'])
    .where('charges.project', '=', project)
    .where('charges.created_at', '>=', since)
    .where('products.type', 'in', ['TRIAL', 'SUBSCRIPTION'])
    .where('products.is_test', '=', false)
    // A payment made while an editor previewed a flow version is no one joining.
    .where('charges.preview', '=', false)
    .orderBy('charges.created_at', 'desc')
    .limit(fetch)
    .execute();
  const samples = sandbox
    ? await store.db
        .selectFrom('sandbox_purchases')
        .select(['first_name as name', 'amount_cents as cents', 'created_at as createdAt'])
        .where('project', '=', project)
        .where('created_at', '>=', since)
        .orderBy('created_at', 'desc')
        .limit(fetch)
        .execute()
    : [];
  const entries = [...real.map((row) => ({ ...row, sandbox: false })), ...samples.map((row) => ({ ...row, sandbox: true }))].flatMap((row) => {
    const name = maskFirstName(row.name);
    const createdAt = toIso(row.createdAt);
    return name === null ? [] : [{ name, amount: row.cents / 100, currency: 'USD' as const, createdAt, sandbox: row.sandbox }];
  });
  return entries.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, RECENT_PURCHASES_MAX);
}

/**
 * The sandbox's sample purchases: first names and the regular trial prices, minutes before the seed. Invented, and
 * so never shown by a server that is not a sandbox (see RecentPurchaseOptions.sandbox).
 */
const SANDBOX_SAMPLES: ReadonlyArray<{ name: string; cents: number; minutesBefore: number }> = [
  { name: 'Maya', cents: 100, minutesBefore: 6 },
  { name: 'Oliver', cents: 500, minutesBefore: 14 },
  { name: 'Sofia', cents: 900, minutesBefore: 23 },
  { name: 'Lucas', cents: 100, minutesBefore: 37 },
  { name: 'Amelia', cents: 500, minutesBefore: 52 },
  { name: 'Noah', cents: 100, minutesBefore: 71 },
  { name: 'Chloe', cents: 900, minutesBefore: 96 },
  { name: 'Daniel', cents: 500, minutesBefore: 128 },
  { name: 'Grace', cents: 100, minutesBefore: 165 },
  { name: 'Leo', cents: 500, minutesBefore: 210 },
];

/**
 * Seeds a sandbox server's sample purchases of `project` (idempotent): when fewer than 10 of them are recent, a
 * fresh set is stored, dated minutes to hours before `now`. Run at start only when SANDBOX_PURCHASES is on.
 */
export async function seedSandboxPurchases(store: Store, project: string, now: Date = new Date()): Promise<void> {
  const since = new Date(now.getTime() - RECENT_WINDOW_DAYS * DAY_MS).toISOString();
  // The count and the insert in one write: two processes starting on one SQLite file take turns at it (the second reads
  // what the first stored); on PostgreSQL, the seed runs under a lock (db/open.ts).
  await store.write(async (trx) => {
    const recent = await trx
      .selectFrom('sandbox_purchases')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('project', '=', project)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    if (Number(recent?.count ?? 0) >= RECENT_PURCHASES_MAX) return;
    for (const sample of SANDBOX_SAMPLES) {
      await trx
        .insertInto('sandbox_purchases')
        .values({
          id: `sbx_${randomUUID()}`,
          project,
          first_name: sample.name,
          amount_cents: sample.cents,
          currency: 'USD',
          created_at: new Date(now.getTime() - sample.minutesBefore * 60_000).toISOString(),
        })
        .execute();
    }
  });
}
