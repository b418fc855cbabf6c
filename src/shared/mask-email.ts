/**
 * An email as a screen (or `npm run outbox`) may show it: its first character, three dots and the domain, so the visitor can recognise
 * it and an onlooker learns little ("ada@example.com" → "a•••@example.com").
 */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  const [first = ''] = Array.from(trimmed);
  if (at < 1) return '•••';
  return `${first}•••${trimmed.slice(at)}`;
}
