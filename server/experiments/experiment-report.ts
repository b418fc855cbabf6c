import type { Store } from '../db/open';
import type { ExperimentReport } from '../../src/shared/experiment-readout';
import { armDropOff } from './arm-drop-off';
import { readExperiment } from './experiment-store';
import { experimentReadout } from './readout';

/** The report of experiment `id`; null when there is none. One function, so the API, the CLI and the studio agree. */
export async function experimentReport(store: Store, id: string): Promise<ExperimentReport | null> {
  const experiment = await readExperiment(store, id);
  if (!experiment) return null;
  const [readout, dropOff] = await Promise.all([experimentReadout(store.db, experiment), armDropOff(store.db, experiment)]);
  return { ...readout, weightPeriods: experiment.weightPeriods, dropOff };
}
