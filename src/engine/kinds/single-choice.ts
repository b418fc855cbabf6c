import type { SingleChoiceScreen } from '../generated/flow-types';
import type { ScreenKind } from './screen-kind';
import { questionTexts } from './question-texts';

/** One option picked from a list; each tap answers at once. */
export const singleChoiceKind: ScreenKind<SingleChoiceScreen> = {
  kind: 'single-choice',
  submits: null,
  personalAnswer: null,
  profileRoles: ['gender', 'relationship', 'partnerGender'],
  answerProblem(screen, value) {
    if (typeof value !== 'string' || value === '') return 'required';
    return screen.options.some((o) => o.value === value) ? null : 'unknownOption';
  },
  answerValues: (screen) => screen.options.map((o) => o.value),
  pickedFrom: (screen) => screen.options.map((o) => o.value),
  variableTexts: questionTexts,
  examples: (screen) => screen.options.map((o) => o.value),
};
