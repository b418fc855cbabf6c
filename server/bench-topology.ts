import autocannon from 'autocannon';
import { run, sessionWrites, type RouteBench } from './bench-api';
import { startTopology } from './cluster/topology';

// The two-process figures of `npm run bench -- --only=server`: the deployment's topology (two processes of the build
// behind nginx on one PostgreSQL and one Redis, server/cluster/topology.ts) against one of its processes called
// straight, in the same run on the same database. Reported only: on two cores shared with PostgreSQL, nginx and the
// load client, two Node processes cannot beat one; what is measured is what the proxy and the second process cost.

export interface TopologyBench {
  /** Where the load went: "one process straight" or "two processes through nginx". */
  via: string;
  routes: RouteBench[];
}

export async function benchTopology(options: { connections?: number; durationSeconds?: number } = {}): Promise<TopologyBench[]> {
  const connections = options.connections ?? 100;
  const duration = options.durationSeconds ?? 20;
  // The bench is one client address creating a thousand sessions in a burst: the session limit must not answer it.
  const topology = await startTopology({ entry: 'build', env: { RATE_LIMIT_SESSIONS: '1000000' } });
  try {
    const results: TopologyBench[] = [];
    for (const [via, url] of [
      ['one process straight', topology.apps[0].url],
      ['two processes through nginx', topology.url],
    ] as const) {
      const write = await sessionWrites(url, connections);
      const plans: autocannon.Options = { url: `${url}/subs/subscription-plans?project=astrelle&provider=maxpay&countryCode=US&isTest=false`, connections };
      await autocannon({ ...write, duration: 3 });
      const writes = await run('POST /subs/sessions/write/{id}', { ...write, duration });
      await autocannon({ ...plans, duration: 3 });
      const reads = await run('GET /subs/subscription-plans', { ...plans, duration });
      results.push({ via, routes: [writes, reads] });
    }
    return results;
  } finally {
    await topology.stop();
  }
}
