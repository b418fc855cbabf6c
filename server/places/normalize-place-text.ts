/** Letters that NFD does not decompose into a base letter plus marks, so they need an explicit fold. */
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ə: 'e',
};
const FOLDABLE_LETTERS = /[ßæœøđðþłıħə]/g;
const MARKS = /\p{M}+/gu;
// GeoNames uses typographic quotes and okinas as apostrophes ("Saint John’s", "Kuril’sk").
const APOSTROPHES = /['‘’`´ʼʻ]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;
const ASCII_SEPARATORS = /[^a-z0-9]+/g;
const PLAIN = /^[a-z0-9]+(?: [a-z0-9]+)*$/;
/** A character above ASCII (U+0080 and up). */
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Folds place text into a search key: no diacritics, lowercase, and every run of punctuation or
 * whitespace turned into one space, so "Saint-Étienne" and "saint etienne" compare equal.
 *
 * @param text - A place name, or what a visitor typed.
 * @param apostrophes - `'space'` treats an apostrophe like any other separator ("St. John's" → "st john s");
 *   `'drop'` removes it ("st johns"), the spelling most people type. The index stores both.
 * @returns The folded key; empty when the text has no letters or digits.
 */
export function normalizePlaceText(text: string, apostrophes: 'space' | 'drop' = 'space'): string {
  let folded = text.toLowerCase();
  // The index folds 135k names at start-up and most are plain ASCII: each shortcut here is
  // worth about a hundred milliseconds of boot time.
  if (PLAIN.test(folded)) return folded;
  const ascii = !NON_ASCII.test(folded);
  if (!ascii) {
    folded = folded.normalize('NFD').replace(MARKS, '').replace(FOLDABLE_LETTERS, (letter) => LETTER_FOLDS[letter] ?? letter);
  }
  if (folded.includes('&')) folded = folded.replace(/&/g, ' and ');
  if (apostrophes === 'drop') folded = folded.replace(APOSTROPHES, '');
  return folded.replace(ascii ? ASCII_SEPARATORS : SEPARATORS, ' ').trim();
}
