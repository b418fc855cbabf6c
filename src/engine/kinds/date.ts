import type { DateScreen } from '../generated/flow-types';
import { isCalendarDate } from '../birth-data';
import { latestBirthDate, todayIso } from '../answers';
import type { KindCheck, ScreenKind } from './screen-kind';
import { questionTexts } from './question-texts';

/** A calendar date, YYYY-MM-DD, from `minDate` to today; with `minAge`, of someone at least that old. */
export const dateKind: ScreenKind<DateScreen> = {
  kind: 'date',
  submits: null,
  personalAnswer: 'a date such as a birth date',
  profileRoles: ['birthDate', 'partnerBirthDate'],
  answerProblem(screen, value, now) {
    if (typeof value !== 'string' || value === '') return 'required';
    if (!isCalendarDate(value)) return 'invalid';
    if (value < screen.minDate) return 'tooEarly';
    if (value > todayIso(now)) return 'future';
    return screen.minAge !== undefined && value > latestBirthDate(screen.minAge, now) ? 'tooYoung' : null;
  },
  variableTexts: questionTexts,
  check: checkMinAge,
  examples: () => ['1990-05-17'],
};

/** A minimum age only on the visitor's own birth date, and with the message telling a younger visitor why. */
function checkMinAge(screen: DateScreen, { flow, pointer, report }: KindCheck): void {
  if (screen.minAge === undefined) {
    if (screen.messages.tooYoung !== undefined) report(`${pointer}/messages/tooYoung`, '"tooYoung" is never shown: this screen has no "minAge"', 'add "minAge", or remove the message');
    return;
  }
  if (screen.answerKey !== flow.profile.birthDate) {
    report(
      `${pointer}/minAge`,
      `"minAge" on "${screen.id}", which is not the visitor's own birth date (the profile's birthDate is "${flow.profile.birthDate}")`,
      'put "minAge" on the visitor\'s birth date screen only: a partner\'s age is not the visitor\'s',
    );
  }
  if (screen.messages.tooYoung === undefined) {
    report(`${pointer}/messages`, `"minAge" ${screen.minAge} refuses younger visitors, and there is no "tooYoung" message to tell them why`, 'add messages.tooYoung, a kind sentence saying who may go on');
  }
}
