import { useEffect, useState } from 'react';
import type { InterstitialScreen, Profile } from '../../engine/generated/flow-types';
import type { Answers } from '../../engine/answers';
import { isPlaceAnswer } from '../../engine/answers';
import type { SkyAtBirth } from '../../domain/sky-at-birth';
import { whenIdle } from '../../ui/when-idle';

type Insight = NonNullable<InterstitialScreen['insight']>;

const loadSkyAtBirth = () => import('../../domain/sky-at-birth');

/**
 * Starts fetching the sky-at-birth code while the visitor answers the birth questions, so a
 * network outage later in the quiz does not leave the sign interstitials without their signs, and
 * warms it up when the browser is idle.
 */
export function preloadSkyAtBirth(): void {
  if (warmed) return;
  warmed = true;
  loadSkyAtBirth().then(
    ({ skyAtBirth }) => {
      // One reading of a sample sky while the visitor types: the engine's code is compiled then, not on the tap
      // that opens the sign interstitial (on a slow phone the first reading took tens of milliseconds).
      whenIdle(() => void skyAtBirth({ date: '1990-05-17', time: '12:00', utcOffsetMinutes: 60 }), 2000);
    },
    () => {
      warmed = false;
      // Offline now: the interstitial tries again when it opens.
    },
  );
}
let warmed = false;

/**
 * The sky at birth from the answers of the profile roles the insight names (birthDate, birthTime,
 * birthPlace, or the partner's): the flow's `profile` says which answer keys they are. Without the
 * profile there is no sign. astronomy-engine is loaded on demand so it stays out of the landing bundle.
 */
export function useSkyAtBirth(insight: Insight | undefined, answers: Answers, profile: Profile | undefined): SkyAtBirth | null {
  const answerOf = (role: Insight['dateFrom' | 'timeFrom' | 'placeFrom']) => (role && profile ? answers[profile[role]] : undefined);
  const date = answerOf(insight?.dateFrom);
  const time = answerOf(insight?.timeFrom);
  const place = answerOf(insight?.placeFrom);
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
