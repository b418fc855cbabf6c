// How the checker's messages are worded: one place for the small rules of English they share.

/** "a" or "an" before a word: "an offers screen", "a price screen". */
export function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

/** "a", "a and b", "a, b and c". */
export function andList(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** "a", "a or b", "a, b or c". */
export function oneOf(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}
