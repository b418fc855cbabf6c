import type { ReadingPreview } from '../../engine/generated/flow-types';
import type { Answers } from '../../engine/answers';

/**
 * The insights of a reading preview this visitor gets: for each entry, the text of their answer to its question (of a
 * multiple-choice answer, the first chosen option that has one), in the flow's order. An entry whose question they
 * have not answered gives nothing: the preview shows fewer insights rather than one that is not theirs.
 */
export function previewInsights(preview: ReadingPreview, answers: Answers): string[] {
  return preview.insights.flatMap(({ answer: key, texts }) => {
    const answer = answers[key];
    const chosen = typeof answer === 'string' ? [answer] : Array.isArray(answer) ? answer : [];
    const value = chosen.find((v) => Object.hasOwn(texts, v));
    const text = value === undefined ? undefined : texts[value];
    return text === undefined ? [] : [text];
  });
}
