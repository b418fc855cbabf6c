import { readFileSync } from 'node:fs';

/**
 * After the journeys through the proxy: each process's count of answered requests (its /readyz). Both must have
 * answered a good share of them, or the journeys did not prove that the processes are interchangeable.
 */
export default async function clusterSpread(): Promise<void> {
  const file = process.env.CLUSTER_INFO_FILE;
  if (!file) throw new Error('CLUSTER_INFO_FILE is not set: run with playwright.cluster.config.ts');
  const { apps } = JSON.parse(readFileSync(file, 'utf8')) as { apps: Array<{ name: string; url: string }> };
  const counts = await Promise.all(apps.map(async (app) => ((await (await fetch(`${app.url}/readyz`)).json()) as { requests: number }).requests));
  const total = counts.reduce((a, b) => a + b, 0);
  console.log(`Requests answered by each process: ${apps.map((app, i) => `${app.name} ${counts[i]}`).join(', ')} (of ${total})`);
  for (const [i, count] of counts.entries()) {
    if (count < total * 0.25) throw new Error(`${apps[i]!.name} answered ${count} of ${total} requests: the proxy did not spread the journeys over both processes`);
  }
}
