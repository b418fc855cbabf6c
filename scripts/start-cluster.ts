// `npm run start:cluster`: the deployment's topology on this machine, from Debian's packages (apt-get install -y
// postgresql redis-server nginx): a throwaway PostgreSQL and Redis, two server processes of the build, and nginx in
// front on PORT (default 8080). The same shape as compose.yaml's containers; the data is gone when it stops (Ctrl-C).
// Every other setting of server/main.ts given here (EDITOR_TOKENS, RATE_LIMIT_*, STUDIO…) reaches both processes.
import { writeFileSync } from 'node:fs';
import { ensureBuild } from './ensure-build.mjs';
import { startTopology } from '../server/cluster/topology';

ensureBuild();
const port = Number(process.env.PORT || 8080);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`invalid PORT "${process.env.PORT}": expected 1 to 65535`);
  process.exit(1);
}
// The port is the proxy's; each process takes a free one of its own.
delete process.env.PORT;
const topology = await startTopology({ proxyPort: port, entry: 'build', echo: true }).catch((error: Error) => {
  console.error(`The cluster did not start: ${error.message}`);
  process.exit(1);
});
console.log(`PostgreSQL: ${topology.postgres.url}`);
console.log(`Redis: ${topology.redis.url}`);
for (const app of topology.apps) console.log(`${app.name}: ${app.url} (its readiness: ${app.url}/readyz)`);
// CLUSTER_INFO_FILE: where to write the proxy's and each process's address and the database's, for a test run through
// the proxy to read the ledger and to ask each process afterwards how many requests it answered.
if (process.env.CLUSTER_INFO_FILE) writeFileSync(process.env.CLUSTER_INFO_FILE, JSON.stringify({ url: topology.url, databaseUrl: topology.postgres.url, apps: topology.apps.map(({ name, url }) => ({ name, url })) }));
console.log(`Astrelle (two processes behind nginx) is running at ${topology.url}`);

let stopping = false;
const stop = async () => {
  if (stopping) process.exit(1);
  stopping = true;
  console.log('Stopping the cluster…');
  await topology.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
