import type { Answers } from '../engine/answers';
import type { FlowText } from '../engine/generated/flow-types';
import type { FlagValues } from '../engine/flags';
import { textFor } from '../engine/text-variants';
import { textPlaceholders, type PlaceholderName } from '../shared/text-placeholders';

/**
 * The answers, the flag values in force (they pick a text's variant), and the value of each named placeholder the
 * screen has computed (not yet: "…").
 */
export type TextValues = { answers: Answers; flags?: Readonly<FlagValues> } & { readonly [Name in PlaceholderName]?: string };

const isPlaceholderName = (name: string): name is PlaceholderName => Object.hasOwn(textPlaceholders.named, name);

/**
 * Picks a flow text's variant for the visitor's flag values (a text with variants, see src/engine/text-variants.ts),
 * then fills {answer:2-1} (any answer key, {answer:name} too) and the named placeholders of
 * src/shared/text-placeholders.ts ({sunSign}, {moonSign}); any other braces stay as typed. The result is plain
 * text for React to escape: flow texts are never rendered as HTML.
 */
export function fillText(text: FlowText, values: TextValues): string {
  // One pass, so an answer that itself looks like a placeholder is shown as typed.
  return textFor(text, values.flags)
    .replace(/\{(?:answer:([a-z0-9-]+)|([A-Za-z][A-Za-z0-9]*))\}/g, (placeholder, key: string | undefined, name: string | undefined) => {
      if (name !== undefined) return isPlaceholderName(name) ? (values[name] ?? '…') : placeholder;
      const value = values.answers[key ?? ''];
      return typeof value === 'string' ? value.trim() : '';
    })
    // An empty name leaves ", your Sun…": drop the dangling comma and space.
    .replace(/^\s*,\s*/, '')
    .replace(/^./, (c) => c.toUpperCase());
}
