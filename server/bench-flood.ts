/**
 * An upload flood for `npm run bench` (server/bench-api.ts runs it in a process of its own): what an attacker with curl
 * posts to the event log, as fast as the server answers, from 4 connections: batches of 2,000 forged events of 1,000
 * made-up devices, each with a made-up 400-character property (some 1 MB a body), from one address or, named in
 * X-Forwarded-For, from many (198.18.0.0/15, the range kept for benchmarks: nothing is sent there; the bench server
 * trusts the loopback proxy). Usage: bench-flood.ts BASE_URL ADDRESSES SECONDS [PATH]; prints {uploads, statuses} as
 * JSON. PATH (default /analytics/batch) names another path to post the same bodies to: the bench's floor, a path no
 * route answers, shows what taking that much traffic costs the machine whatever the server does with it.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

const [baseUrl = '', addressArg = '1', secondsArg = '10', path = '/analytics/batch'] = process.argv.slice(2);
const addresses = Number(addressArg);
const events = Array.from({ length: 2000 }, (_, i) => ({
  event_type: 'Screen Shown',
  device_id: `forged-device-${i % 1000}`,
  insert_id: randomUUID(),
  time: Date.now(),
  event_properties: { screen_id: 'welcome', flow_id: 'astrology', flow_version: 1, made_up: 'x'.repeat(400) },
}));
const body = JSON.stringify({ api_key: 'forged-key', events });
let next = 0;
const result = await autocannon({
  url: baseUrl,
  connections: 4,
  duration: Number(secondsArg),
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        const n = next++ % addresses;
        const from = addresses === 1 ? {} : { 'x-forwarded-for': `198.18.${Math.floor(n / 256)}.${n % 256}` };
        return { ...request, path, headers: { 'content-type': 'application/json', ...from }, body };
      },
    },
  ],
});
const statuses: Record<string, number> = {};
for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = stats?.count ?? 0;
process.stdout.write(JSON.stringify({ uploads: result.requests.total, statuses }));
