import type { Answers } from '../engine/answers';

export interface TextValues {
  answers: Answers;
  sunSign?: string;
  moonSign?: string;
}

/**
 * Fills {answer:2-1} (any answer key, {answer:name} too), {sunSign} and {moonSign} in a flow text. The
 * result is plain text for React to escape: flow texts are never rendered as HTML.
 */
export function fillText(text: string, values: TextValues): string {
  // One pass, so an answer that itself looks like a placeholder is shown as typed.
  return text
    .replace(/\{(?:answer:([a-z0-9-]+)|(sunSign|moonSign))\}/g, (_, key: string | undefined, name: 'sunSign' | 'moonSign' | undefined) => {
      if (name) return values[name] ?? '…';
      const value = values.answers[key ?? ''];
      return typeof value === 'string' ? value.trim() : '';
    })
    // An empty name leaves ", your Sun…": drop the dangling comma and space.
    .replace(/^\s*,\s*/, '')
    .replace(/^./, (c) => c.toUpperCase());
}
