// How far back `npm run events -- --since 30m` looks: a whole number and a unit.

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
// Far enough for any log, near enough that `now - duration` stays a printable date.
const MAX_MS = 36_500 * UNIT_MS.d!;

/**
 * The duration `text` names, in milliseconds: a whole number from 1 and a unit, s, m, h, d or w
 * (`30m`, `1h`, `2d`), at most 100 years.
 *
 * @throws {Error} with a one-line message saying what is expected, for anything else (`0h`, `1.5h`, `1 h`, `h`, `1y`).
 * @example parseSince('30m') // 1800000
 */
export function parseSince(text: string): number {
  const match = /^([0-9]+)([smhdw])$/.exec(text);
  const ms = match ? Number(match[1]) * UNIT_MS[match[2]!]! : Number.NaN;
  if (!(ms >= 1000 && ms <= MAX_MS)) {
    // JSON quoting keeps the message on one line whatever the argument holds.
    throw new Error(`${JSON.stringify(text)} is not a duration: expected a whole number and a unit (s, m, h, d or w), such as 30m, 1h or 2d, from 1s to 100 years`);
  }
  return ms;
}
