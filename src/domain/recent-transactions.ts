import type { RecentPurchase } from '../shared/contract/subscription';

/** One line of the price page's "Recently joined" list: a real purchase, as the server masked it. */
export interface RecentTransaction {
  /** The buyer's first name as the server masked it, such as "M***a". */
  name: string;
  /** What was charged, USD. */
  amount: number;
  /** Whole minutes since the purchase (0 for one made this minute). */
  minutesAgo: number;
}

/** The most entries the list shows; fewer when there are fewer real purchases, none rather than invented ones. */
export const RECENT_TRANSACTION_COUNT = 10;

const MINUTE_MS = 60_000;

/**
 * The "Recently joined" list from the subscription server's recent purchases (GET /subs/recent-purchases): newest
 * first, at most 10, each with its age at `now`. Nothing is made up: an entry with an unreadable date is left out,
 * and no purchases give an empty list.
 */
export function recentTransactions(purchases: readonly RecentPurchase[], now: Date): RecentTransaction[] {
  return purchases
    .map((p) => ({ name: p.name, amount: p.amount, at: Date.parse(p.createdAt) }))
    .filter((p) => Number.isFinite(p.at))
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENT_TRANSACTION_COUNT)
    .map(({ name, amount, at }) => ({ name, amount, minutesAgo: Math.max(0, Math.floor((now.getTime() - at) / MINUTE_MS)) }));
}

/** "just now", "5 min ago", "3 h ago", "2 days ago": how long ago, as the list says it. */
export function timeAgo(minutes: number): string {
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
