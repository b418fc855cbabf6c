import type { TimeScreen } from '../generated/flow-types';
import { isClockTime } from '../birth-data';
import type { ScreenKind } from './screen-kind';
import { questionTexts } from './question-texts';

/** A time of day, HH:MM, or the screen's "don't know" value. */
export const timeKind: ScreenKind<TimeScreen> = {
  kind: 'time',
  submits: null,
  personalAnswer: 'a time such as a birth time',
  profileRoles: ['birthTime', 'partnerBirthTime'],
  answerProblem(screen, value) {
    if (typeof value !== 'string' || value === '') return 'required';
    return value === screen.dontKnow.value || isClockTime(value) ? null : 'invalid';
  },
  // "Don't know" is the one value a condition may test.
  answerValues: (screen) => [screen.dontKnow.value],
  variableTexts: questionTexts,
  examples: (screen) => ['10:30', screen.dontKnow.value],
};
