import type { Store } from '../db/open';
import { armDropOff, type ArmDropOff } from './arm-drop-off';
import { readExperiment, type Experiment } from './experiment-store';
import { experimentReadout, type ExperimentReadout } from './readout';

/** Everything known of an experiment, as the editor API answers it and `npm run funnel:report -- --experiment` prints it. */
export type ExperimentReport = ExperimentReadout & { weightPeriods: Experiment['weightPeriods']; dropOff: ArmDropOff };

/** The report of experiment `id`; null when there is none. One function, so the API, the CLI and the studio agree. */
export async function experimentReport(store: Store, id: string): Promise<ExperimentReport | null> {
  const experiment = await readExperiment(store, id);
  if (!experiment) return null;
  const [readout, dropOff] = await Promise.all([experimentReadout(store.db, experiment), armDropOff(store.db, experiment)]);
  return { ...readout, weightPeriods: experiment.weightPeriods, dropOff };
}
