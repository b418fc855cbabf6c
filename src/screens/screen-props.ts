import type { Profile, Screen } from '../engine/generated/flow-types';
import type { Answers, AnswerValue } from '../engine/answers';
import type { FunnelEvent } from '../engine/compile-flow';
import type { ScreenResults } from './results-by-kind';
import type { FlagValues } from '../engine/flags';

/** What every screen component receives. Screens only send events; the machine decides where to go. */
export interface ScreenProps<S extends Pick<Screen, 'id' | 'route' | 'group'> & { kind: string } = Screen> {
  screen: S;
  /** Every answer so far (for placeholders and answers that depend on others, such as the birth date). */
  answers: Answers;
  /** The answer this screen stored before, to pre-fill it when the visitor comes back. */
  answer: AnswerValue | undefined;
  send: (event: FunnelEvent) => void;
  /** The email held in memory, for the email screen's confirmation. */
  email: string | null;
  /** The outputs of the effects run so far, by output kind and name (e.g. `results.plans.loadPlans`, the plans loadPlans fetched). */
  results?: ScreenResults;
  /** True while the screen's submit effect runs. */
  busy?: boolean;
  /** The flow's `profile`: an interstitial's insight reads the birth answers through its roles. */
  profile?: Profile;
  /**
   * The flag values in force (the machine's `context.flags`): they pick a text's variant and a price screen's plan
   * set (`plansBy`). The screen opens only once the flags it reads are assigned (awaitsFlags), so these never change
   * under the visitor.
   */
  flags?: FlagValues;
}
