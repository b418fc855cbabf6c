import type { Screen } from './generated/flow-types';
import { andList, article, oneOf } from './wording';

/** A placeholder the app fills by name, `{name}`, and what its screen must have for the app to fill it. */
export interface NamedPlaceholder {
  /** A property the screen must have, the value being computed from it; the checker refuses the placeholder on a screen without it. */
  needs?: string;
  /** What to do when the screen lacks `needs` (default: add it, or remove the placeholder). */
  hint?: string;
}

/**
 * The placeholders the app fills in flow texts. `{answer:KEY}` (an answer, by answer key) is the engine's own;
 * the app registers the others by name, and the kinds of screen whose texts it fills at all.
 */
export interface TextPlaceholders {
  /** The screen kinds whose texts the app fills; a placeholder on another kind would show as typed. */
  filledOn: readonly Screen['kind'][];
  /** The named placeholders, `{name}`, the app fills. */
  named: Readonly<Record<string, NamedPlaceholder>>;
}

type Report = (pointer: string, message: string, hint: string) => void;

/**
 * Every placeholder in a text of a screen is one the app fills, on a kind of screen whose texts it fills, with
 * what its value needs on that screen; `{answer:KEY}` names an answer some question of the flow sets (`questions`, by
 * answer key).
 */
export function checkPlaceholders(screen: Screen, pointer: string, text: string, questions: ReadonlyMap<string, Screen>, placeholders: TextPlaceholders, report: Report): void {
  const { filledOn, named } = placeholders;
  for (const match of text.matchAll(/\{([^{}]+)\}/g)) {
    const name = match[1] ?? '';
    const answer = /^answer:(.+)$/.exec(name);
    const placeholder = answer || !Object.hasOwn(named, name) ? undefined : named[name];
    if (answer ? !questions.has(answer[1] ?? '') : !placeholder) {
      report(pointer, `unknown placeholder {${name}}`, `use ${oneOf(['{answer:STEP} with a step id of this flow', ...Object.keys(named).map((n) => `{${n}}`)])}`);
    } else if (!filledOn.includes(screen.kind)) {
      report(
        pointer,
        filledOn.length > 0 ? `placeholders are filled on ${andList(filledOn)} screens only, not on a ${screen.kind} screen` : 'this app fills placeholders on no screen',
        filledOn.length > 0 ? `remove the placeholder or move the text to ${oneOf(filledOn.map((kind) => `${article(kind)} ${kind}`))}` : 'remove the placeholder',
      );
    } else if (placeholder?.needs !== undefined && !Object.hasOwn(screen, placeholder.needs)) {
      report(pointer, `{${name}} needs ${article(placeholder.needs)} "${placeholder.needs}" on this screen`, placeholder.hint ?? `add "${placeholder.needs}", or remove the placeholder`);
    }
  }
}
