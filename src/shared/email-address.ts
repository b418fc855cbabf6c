/**
 * Anything shaped like an email address, plain or percent-encoded (`%40`), to redact from logs and console
 * messages and to keep out of the event log. Deliberately loose (a guard, not a validator): a run of address
 * characters, `@` or `%40`, and a host name ending in a letters-only label, so `fastify@5.1.0` in a stack trace's
 * package path is left alone.
 *
 * As one regular expression (`/[local]+(?:@|%40)host/g`) this is quadratic: searched unanchored, its greedy local
 * part is retried from every position, and a 40 KB log line took seconds. The functions below find the same
 * matches in linear time: a match exists exactly where an `@` or `%40` has a local-part character just before it
 * and a host just after it; it starts where that run of local-part characters starts (after any earlier match)
 * and ends where the host ends.
 */
const LOCAL_PART_CHAR = /[\w.!$%&'*+=^`{|}~-]/;
const AT_SIGN = /@|%40/g;
// A host ends at the next `@` or `%`, so the host scans of one text read each character a bounded number of times.
const HOST = /[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}/iy;

/** Each email address in `text`, as [start, end) offsets, left to right, none overlapping. */
function emailSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const at = new RegExp(AT_SIGN.source, 'g');
  const host = new RegExp(HOST.source, 'iy');
  let floor = 0;
  for (let sign = at.exec(text); sign !== null; sign = at.exec(text)) {
    if (sign.index <= floor || !LOCAL_PART_CHAR.test(text[sign.index - 1] ?? '')) continue;
    host.lastIndex = sign.index + sign[0].length;
    if (!host.test(text)) continue;
    let start = sign.index - 1;
    while (start > floor && LOCAL_PART_CHAR.test(text[start - 1] ?? '')) start -= 1;
    spans.push([start, host.lastIndex]);
    floor = host.lastIndex;
    at.lastIndex = host.lastIndex;
  }
  return spans;
}

/** Whether `text` holds an email address anywhere, plain or percent-encoded. */
export function holdsEmailAddress(text: string): boolean {
  return emailSpans(text).length > 0;
}

/** `text` with every email address in it replaced by `replacement`. */
export function redactEmailAddresses(text: string, replacement: string): string {
  let out = '';
  let from = 0;
  for (const [start, end] of emailSpans(text)) {
    out += text.slice(from, start) + replacement;
    from = end;
  }
  return out + text.slice(from);
}
