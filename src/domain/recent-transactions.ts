/** One line of the "recent transactions" list on the price page. */
export interface RecentTransaction {
  /** A masked first name such as "J***a". */
  name: string;
  amount: number;
  /** Minutes ago. */
  minutesAgo: number;
}

/** The number of entries (spec §9). */
export const RECENT_TRANSACTION_COUNT = 10;

const firstNames = [
  'Olivia', 'Emma', 'Amelia', 'Sophia', 'Isabella', 'Mia', 'Charlotte', 'Harper', 'Evelyn', 'Abigail', 'Emily', 'Ella',
  'Liam', 'Noah', 'Oliver', 'James', 'Elijah', 'Mateo', 'Lucas', 'Henry', 'Daniel', 'Jack', 'Sofia', 'Chloe', 'Grace',
  'Zoe', 'Nora', 'Lily', 'Maya', 'Aria', 'Leo', 'Ethan', 'Aiden', 'Samuel', 'David', 'Joseph', 'Camila', 'Layla',
];

/** "Olivia" → "O****a": the first and last letter, the rest masked. */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name.charAt(0)}*`;
  return `${name.charAt(0)}${'*'.repeat(name.length - 2)}${name.charAt(name.length - 1)}`;
}

/**
 * The price page's list of 10 recent transactions with random masked names (spec §9), amounts
 * taken from the prices on offer, newest first. `random` is injectable so tests can pin it.
 */
export function recentTransactions(prices: readonly number[], random: () => number = Math.random): RecentTransaction[] {
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length) % items.length] as T;
  let minutesAgo = 0;
  return Array.from({ length: RECENT_TRANSACTION_COUNT }, () => {
    minutesAgo += 1 + Math.floor(random() * 9);
    return { name: maskName(pick(firstNames)), amount: prices.length > 0 ? pick(prices) : 0, minutesAgo };
  });
}
