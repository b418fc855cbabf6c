import type { Flow, PlaceScreen } from './generated/flow-types';
import type { Answers } from './answers';
import { isPlaceAnswer } from './answers';
import { utcOffsetMinutes } from './utc-offset';
import type { ZoneHistory } from './zone-history';

/** Defaults for birth data the visitor did not give: birth date 2000-01-01, birth time 12:00 when missing or unknown. */
const defaultDate = '2000-01-01';
const defaultTime = '12:00';

/** The local birth date and time a place screen's offset is computed for. */
export function birthMomentFor(screen: PlaceScreen, answers: Answers): { date: string; time: string } {
  const date = answers[screen.dateFrom];
  const time = screen.timeFrom ? answers[screen.timeFrom] : undefined;
  return {
    date: typeof date === 'string' ? date : defaultDate,
    time: typeof time === 'string' && /^\d{2}:\d{2}$/.test(time) ? time : defaultTime,
  };
}

/**
 * The UTC offset in force at the place's zone at the birth moment the screen names: from the zone's history when
 * given (the tz database's, the same in every browser), else from the runtime's tz data by the zone's name.
 */
export function placeOffset(screen: PlaceScreen, answers: Answers, zone: string | ZoneHistory): number {
  const { date, time } = birthMomentFor(screen, answers);
  return utcOffsetMinutes(zone, date, time);
}

/**
 * After the answer `changedKey` changed, recomputes the offset of every place answer whose birth
 * date or time it is: a birth date moved from May to January changes London from +60 to 0.
 */
export function refreshPlaceOffsets(flow: Flow, answers: Answers, changedKey: string): Answers {
  let result = answers;
  for (const screen of flow.screens) {
    if (screen.kind !== 'place' || (screen.dateFrom !== changedKey && screen.timeFrom !== changedKey)) continue;
    const place = answers[screen.answerKey];
    if (!isPlaceAnswer(place)) continue;
    try {
      const offset = placeOffset(screen, answers, place.zoneHistory ?? place.timeZone);
      if (offset !== place.utcOffsetMinutes) result = { ...result, [screen.answerKey]: { ...place, utcOffsetMinutes: offset } };
    } catch {
      // A zone this runtime does not know keeps the offset computed when the place was picked.
    }
  }
  return result;
}
