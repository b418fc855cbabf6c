import type { FlowText, Screen, VariantText } from './generated/flow-types';
import type { FlagValues } from './flags';
import type { KindRegistry } from './kinds/screen-kind';
import { flowTextsOf } from './kinds/kind-registry';

/** Whether a flow text has variants by a flag's value (rather than being one plain text). */
export function isVariantText(text: FlowText): text is VariantText {
  return typeof text !== 'string';
}

/**
 * The plain text a visitor with these flag values sees: the text itself, or its variant for the flag's value.
 * The checker makes every value of the flag have a variant; a value the flags do not hold (the app passed none)
 * shows the first variant written, so a screen never shows nothing.
 */
export function textFor(text: FlowText, flags: Readonly<FlagValues> = {}): string {
  if (!isVariantText(text)) return text;
  const value = flags[text.flag];
  const chosen = typeof value === 'string' && Object.hasOwn(text.variants, value) ? text.variants[value] : undefined;
  return chosen ?? Object.values(text.variants)[0] ?? '';
}

/** The flags whose value picks one of the screen's texts. */
export function textVariantFlags(kinds: KindRegistry, screen: Screen): string[] {
  return flowTextsOf(kinds, screen).flatMap(([, text]) => (isVariantText(text) ? [text.flag] : []));
}
