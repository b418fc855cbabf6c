import type { Flow, PlaceScreen } from './generated/flow-types';
import type { Answers, PlaceAnswer, PlacePick } from './answers';
import { isPlaceAnswer } from './answers';
import { birthMoment } from './birth-data';
import { utcOffsetMinutes } from './utc-offset';
import type { ZoneHistory } from './zone-history';

/** The local birth date and time a place screen's offset is computed for (the defaults for a missing one). */
export function birthMomentFor(screen: PlaceScreen, answers: Answers): { date: string; time: string } {
  return birthMoment(answers[screen.dateFrom], screen.timeFrom ? answers[screen.timeFrom] : undefined);
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
 * The place answer the machine keeps for a pick: with the UTC offset in force at the birth moment the screen names,
 * from the zone's history when the pick carries one, else from this runtime's tz data by the zone's name. Null when
 * this runtime does not know the zone and no history came with it (an older phone, a recent zone).
 */
export function withPlaceOffset(screen: PlaceScreen, answers: Answers, pick: PlacePick): PlaceAnswer | null {
  let utcOffsetMinutes: number;
  try {
    utcOffsetMinutes = placeOffset(screen, answers, pick.zoneHistory ?? pick.timeZone);
  } catch {
    return null;
  }
  // The pick as given (an offset it carried is replaced), the offset, then the zone's long history last.
  const { zoneHistory, utcOffsetMinutes: _replaced, ...place } = pick as PlacePick & { utcOffsetMinutes?: number };
  return { ...place, utcOffsetMinutes, ...(zoneHistory ? { zoneHistory } : {}) };
}

/**
 * After the answer `changedKey` changed, recomputes the offset of every place answer whose birth
 * date or time it is: a birth date moved from May to January changes London from +60 to 0.
 */
export function refreshPlaceOffsets(flow: Flow, answers: Answers, changedKey: string): Answers {
  let result = answers;
  for (const screen of flow.screens) {
    // A place question names the date and time its offset is computed for (`dateFrom`, `timeFrom`).
    if (!('dateFrom' in screen) || (screen.dateFrom !== changedKey && screen.timeFrom !== changedKey)) continue;
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
