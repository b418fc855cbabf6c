import type { Answers } from '../engine/answers';

export interface TextValues {
  answers: Answers;
  sunSign?: string;
  moonSign?: string;
}

/**
 * Fills {answer:2-1}, {sunSign} and {moonSign} in a flow text. The result is plain text for React
 * to escape: flow texts are never rendered as HTML.
 */
export function fillText(text: string, values: TextValues): string {
  return text
    .replace(/\{answer:([0-9-]+)\}/g, (_, key: string) => {
      const value = values.answers[key];
      return typeof value === 'string' ? value.trim() : '';
    })
    .replace(/\{(sunSign|moonSign)\}/g, (_, name: 'sunSign' | 'moonSign') => values[name] ?? '…')
    // An empty name leaves ", your Sun…": drop the dangling comma and space.
    .replace(/^\s*,\s*/, '')
    .replace(/^./, (c) => c.toUpperCase());
}
