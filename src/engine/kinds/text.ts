import type { TextScreen } from '../generated/flow-types';
import type { ScreenKind } from './screen-kind';
import { questionTexts } from './question-texts';

/** Free text, such as the visitor's name: personal, so it never goes into analytics. */
export const textKind: ScreenKind<TextScreen> = {
  kind: 'text',
  submits: null,
  personalAnswer: 'free text such as the visitor\'s name',
  profileRoles: ['name'],
  answerProblem(screen, value) {
    if (typeof value !== 'string' || value.trim() === '') return 'required';
    return value.trim().length > screen.maxLength ? 'tooLong' : null;
  },
  variableTexts: questionTexts,
  examples: () => ['Maya'],
};
