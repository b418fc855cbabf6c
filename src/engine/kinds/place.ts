import type { PlaceScreen } from '../generated/flow-types';
import { isPlaceAnswer, type PlaceAnswer } from '../answers';
import { placeOffset } from '../place-offsets';
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
  answerProblem: (_screen, value) => (isPlaceAnswer(value) ? null : 'pick'),
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
  personaAnswer(screen, given, { answers, zoneHistories }) {
    if (!isPersonaPlace(given)) return given as PlaceAnswer | undefined;
    const history = zoneHistories && Object.hasOwn(zoneHistories, given.timeZone) ? zoneHistories[given.timeZone] : undefined;
    return {
      ...given,
      utcOffsetMinutes: placeOffset(screen, answers, history ?? given.timeZone),
      ...(history ? { zoneHistory: history } : {}),
    };
  },
};

/** A persona's place: what the visitor picked, the offset left for the simulator to compute at the birth moment. */
export type PersonaPlace = Omit<PlaceAnswer, 'utcOffsetMinutes' | 'zoneHistory'>;

export function isPersonaPlace(value: unknown): value is PersonaPlace {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'timeZone' in value && 'latitude' in value;
}
