import type { Store } from '../db/open';
import type { ExperimentReport } from '../../src/shared/experiment-readout';
import { armDropOff } from './arm-drop-off';
import { readExperiment } from './experiment-store';
import { experimentReadout, exposuresOf } from './readout';

/** The report of experiment `id`; null when there is none. One function, so the API, the CLI and the studio agree. */
export async function experimentReport(store: Store, id: string): Promise<ExperimentReport | null> {
  const experiment = await readExperiment(store, id);
  if (!experiment) return null;
  // The exposures read once: the readout counts them, drop-off per arm keeps their events only.
  const sessions = await exposuresOf(store.db, experiment.id);
  const [readout, dropOff] = await Promise.all([experimentReadout(store.db, experiment, sessions), armDropOff(store.db, experiment, sessions.map((s) => s.id))]);
  return { ...readout, weightPeriods: experiment.weightPeriods, dropOff };
}
