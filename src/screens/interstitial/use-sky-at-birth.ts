import { useEffect, useState } from 'react';
import type { InterstitialScreen } from '../../engine/generated/flow-types';
import type { Answers } from '../../engine/answers';
import { isPlaceAnswer } from '../../engine/answers';
import type { SkyAtBirth } from '../../domain/sky-at-birth';

type Insight = NonNullable<InterstitialScreen['insight']>;

const loadSkyAtBirth = () => import('../../domain/sky-at-birth');

/**
 * Starts fetching the sky-at-birth code while the visitor answers the birth questions, so a
 * network outage later in the quiz does not leave the sign interstitials without their signs.
 */
export function preloadSkyAtBirth(): void {
  loadSkyAtBirth().catch(() => {
    // Offline now: the interstitial tries again when it opens.
  });
}

/**
 * The visitor's sky at birth from the answers the insight names. astronomy-engine is loaded on
 * demand so it stays out of the landing bundle.
 */
export function useSkyAtBirth(insight: Insight | undefined, answers: Answers): SkyAtBirth | null {
  const date = insight ? answers[insight.dateFrom] : undefined;
  const time = insight?.timeFrom ? answers[insight.timeFrom] : undefined;
  const place = insight?.placeFrom ? answers[insight.placeFrom] : undefined;
  const offset = isPlaceAnswer(place) ? place.utcOffsetMinutes : null;
  const [sky, setSky] = useState<SkyAtBirth | null>(null);

  useEffect(() => {
    if (typeof date !== 'string') return;
    let live = true;
    loadSkyAtBirth().then(
      ({ skyAtBirth }) => {
        if (live) setSky(skyAtBirth({ date, time: typeof time === 'string' ? time : null, utcOffsetMinutes: offset }));
      },
      () => {
        // The code could not be fetched (offline): the screen shows its text without the sign.
      },
    );
    return () => {
      live = false;
    };
  }, [date, time, offset]);

  return sky;
}
