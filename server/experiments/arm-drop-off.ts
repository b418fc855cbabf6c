import type { Kysely } from 'kysely';
import { dropOff } from '../../src/engine/drop-off';
import type { ArmDropOff } from '../../src/shared/experiment-readout';
import { funnelEventsSince } from '../analytics/event-log';
import type { Database } from '../db/schema';
import { versionLayouts } from '../flows/version-layouts';
import type { Experiment } from './experiment-store';

/**
 * Drop-off per screen of each arm: the per-version drop-off of the event log, counting only the experiment's exposed
 * visitors (`visitors`). Labelled as coming from browser events: a visitor who blocks analytics is in the readout and not here.
 */
export async function armDropOff(db: Kysely<Database>, experiment: Experiment, visitors: Iterable<string>): Promise<ArmDropOff> {
  const exposed = new Set(visitors);
  const events = (await funnelEventsSince(db, new Date(experiment.createdAt))).filter((e) => exposed.has(e.visitor) && experiment.arms.some((arm) => arm.version === e.flowVersion));
  const layouts = await versionLayouts(db).of(experiment.flowId, experiment.arms.map((arm) => arm.version));
  return {
    source: 'Browser events (the event log): visitors who block analytics are missing here, never in the readout above.',
    tables: dropOff(events, { flowId: experiment.flowId, layouts }),
  };
}
