import type { Flag } from './generated/flow-types';
import type { FlagDeclarations, FlagValue, FlagValues } from './flags';

/** The strings Firebase's `Value.asBoolean()` reads as true (compared lowercased). */
const TRUE_STRINGS: readonly string[] = ['1', 'true', 't', 'yes', 'y', 'on'];
/** Their opposites: read as false. Any other string is no boolean at all (see parseRemoteFlags). */
const FALSE_STRINGS: readonly string[] = ['0', 'false', 'f', 'no', 'n', 'off'];

/** A Remote Config entry the declarations refused, and why; the default stands for it. */
export interface IgnoredRemoteFlag {
  name: string;
  value: string;
  reason: string;
}

/**
 * Reads Remote Config's entries (every value a string, as Firebase sends them) as typed flag values, for the flags
 * the flow declares only: other parameters are someone else's and are skipped silently.
 *
 * - A boolean flag takes what `asBoolean()` reads as true ('1', 'true', 't', 'yes', 'y', 'on', any case) as true and
 *   their opposites ('0', 'false', 'f', 'no', 'n', 'off') as false. Unlike `asBoolean()`, any other string (a typo,
 *   an empty value) is ignored rather than read as false: a mistyped console value must not switch a feature off.
 * - A string flag takes the value when it is one of its `values`, exactly (case counts); otherwise it is ignored.
 *
 * An ignored entry keeps the flag at its default (or the value it had) and is passed to `onIgnored`, once per call:
 * the caller logs it (it parses once per Remote Config activation, so a bad value is logged once per activation).
 */
export function parseRemoteFlags(
  declarations: FlagDeclarations,
  entries: Readonly<Record<string, string>>,
  onIgnored: (ignored: IgnoredRemoteFlag) => void = () => {},
): FlagValues {
  const values: FlagValues = {};
  for (const [name, raw] of Object.entries(entries)) {
    const declaration = Object.hasOwn(declarations, name) ? declarations[name] : undefined;
    if (!declaration || typeof raw !== 'string') continue;
    const value = parseValue(declaration, raw);
    if (value === null) onIgnored({ name, value: raw, reason: expected(declaration) });
    else values[name] = value;
  }
  return values;
}

function parseValue(declaration: Flag, raw: string): FlagValue | null {
  if (declaration.type === 'string') return declaration.values.includes(raw) ? raw : null;
  const lower = raw.toLowerCase();
  if (TRUE_STRINGS.includes(lower)) return true;
  if (FALSE_STRINGS.includes(lower)) return false;
  return null;
}

function expected(declaration: Flag): string {
  return declaration.type === 'string'
    ? `not one of its values (${declaration.values.join(', ')}); the flag keeps its value (default "${declaration.default}")`
    : `not a boolean (true/false, 1/0, yes/no, on/off); the flag keeps its value (default ${String(declaration.default)})`;
}
