import type { PlaceScreen } from '../generated/flow-types';
import { isPlaceAnswer, isPlacePick, type PlacePick } from '../answers';
import { withPlaceOffset } from '../place-offsets';
import type { ScreenKind } from './screen-kind';
import { questionTexts } from './question-texts';

/**
 * A place picked from suggestions; the answer holds its coordinates, its label, its zone and the UTC offset in force
 * there at the birth date and time the screen names (`dateFrom`, `timeFrom`).
 */
export const placeKind: ScreenKind<PlaceScreen> = {
  kind: 'place',
  submits: null,
  personalAnswer: 'a place such as a birth place',
  profileRoles: ['birthPlace', 'partnerBirthPlace'],
  // A pick left without an offset is one whose zone this runtime cannot read (no history came with it): the screen
  // says so. Anything else that is not a complete place is no pick from the list.
  answerProblem(_screen, value) {
    if (isPlaceAnswer(value)) return null;
    return isPlacePick(value) && !('utcOffsetMinutes' in value) ? 'unavailable' : 'pick';
  },
  // The offset is the machine's to compute, at the birth moment the screen names; a zone this runtime cannot read
  // keeps what was given (an earlier answer its offset, a pick none).
  completeAnswer: (screen, value, answers) => (isPlacePick(value) ? (withPlaceOffset(screen, answers, value) ?? value) : value),
  variableTexts: questionTexts,
  check(screen, { pointer, report, questions }) {
    for (const field of ['dateFrom', 'timeFrom'] as const) {
      const key = screen[field];
      if (key === undefined) continue;
      const source = questions.get(key);
      const wanted = field === 'dateFrom' ? 'date' : 'time';
      if (!source || source.kind !== wanted) report(`${pointer}/${field}`, `"${key}" is not the answer key of a ${wanted} question`, `use the answerKey of a ${wanted} screen`);
    }
  },
  // What the persona's file gives, with the zone's history when the simulation has it: the machine adds the offset.
  personaAnswer(_screen, given, { zoneHistories }) {
    if (!isPlacePick(given)) return given as PlacePick | undefined;
    const history = zoneHistories && Object.hasOwn(zoneHistories, given.timeZone) ? zoneHistories[given.timeZone] : undefined;
    return { ...given, ...(history ? { zoneHistory: history } : {}) };
  },
};
