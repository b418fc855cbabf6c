import type { Answers } from '../engine/answers';
import { textPlaceholders, type PlaceholderName } from '../shared/text-placeholders';

/** The answers, and the value of each named placeholder the screen has computed (not yet: "…"). */
export type TextValues = { answers: Answers } & { readonly [Name in PlaceholderName]?: string };

const isPlaceholderName = (name: string): name is PlaceholderName => Object.hasOwn(textPlaceholders.named, name);

/**
 * Fills {answer:2-1} (any answer key, {answer:name} too) and the named placeholders of src/shared/text-placeholders.ts
 * ({sunSign}, {moonSign}) in a flow text; any other braces stay as typed. The result is plain text for React to
 * escape: flow texts are never rendered as HTML.
 */
export function fillText(text: string, values: TextValues): string {
  // One pass, so an answer that itself looks like a placeholder is shown as typed.
  return text
    .replace(/\{(?:answer:([a-z0-9-]+)|([A-Za-z][A-Za-z0-9]*))\}/g, (placeholder, key: string | undefined, name: string | undefined) => {
      if (name !== undefined) return isPlaceholderName(name) ? (values[name] ?? '…') : placeholder;
      const value = values.answers[key ?? ''];
      return typeof value === 'string' ? value.trim() : '';
    })
    // An empty name leaves ", your Sun…": drop the dangling comma and space.
    .replace(/^\s*,\s*/, '')
    .replace(/^./, (c) => c.toUpperCase());
}
