import type { MultipleChoiceScreen } from '../generated/flow-types';
import type { ScreenKind } from './screen-kind';
import { questionTexts } from './question-texts';

/** Between `minSelected` and `maxSelected` options, each once. */
export const multipleChoiceKind: ScreenKind<MultipleChoiceScreen> = {
  kind: 'multiple-choice',
  submits: null,
  personalAnswer: null,
  answerProblem(screen, value) {
    if (!Array.isArray(value) || value.length < screen.minSelected) return 'tooFew';
    if (value.length > screen.maxSelected) return 'tooMany';
    const known = new Set(screen.options.map((o) => o.value));
    const unique = new Set(value);
    return unique.size === value.length && value.every((v) => typeof v === 'string' && known.has(v)) ? null : 'unknownOption';
  },
  answerValues: (screen) => screen.options.map((o) => o.value),
  variableTexts: questionTexts,
  check(screen, { pointer, report }) {
    if (screen.minSelected > screen.maxSelected) report(`${pointer}/minSelected`, 'minSelected is larger than maxSelected', 'make minSelected <= maxSelected');
    if (screen.maxSelected > screen.options.length) report(`${pointer}/maxSelected`, 'maxSelected is larger than the number of options', 'lower maxSelected or add options');
  },
  examples: (screen) => [screen.options.slice(0, screen.minSelected).map((o) => o.value)],
};
