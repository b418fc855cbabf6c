import type { FlowText, Screen, VariantText } from './generated/flow-types';
import type { FlagValues } from './flags';

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

/** The question screens whose title and subtitle may have variants. */
const QUESTION_KINDS = new Set(['single-choice', 'multiple-choice', 'text', 'date', 'time', 'place', 'email']);

/**
 * Every text of a screen that may have variants, with its JSON pointer below the screen (`/title`, `/body/0`): an
 * interstitial's title and body, a question's title and subtitle (schemas/flow.schema.json, `flowText`). The landing
 * (a welcome screen) takes none: it is in the page's HTML before any flag is known.
 */
export function flowTextsOf(screen: Screen): Array<[pointer: string, text: FlowText]> {
  if (screen.kind === 'interstitial') return [['/title', screen.title], ...(screen.body ?? []).map((text, j): [string, FlowText] => [`/body/${j}`, text])];
  if (!QUESTION_KINDS.has(screen.kind) || !('subtitle' in screen || 'title' in screen)) return [];
  const question = screen as { title: FlowText; subtitle?: FlowText };
  return [['/title', question.title], ...(question.subtitle !== undefined ? ([['/subtitle', question.subtitle]] as Array<[string, FlowText]>) : [])];
}

/** The flags whose value picks one of the screen's texts. */
export function textVariantFlags(screen: Screen): string[] {
  return flowTextsOf(screen).flatMap(([, text]) => (isVariantText(text) ? [text.flag] : []));
}
