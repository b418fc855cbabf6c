import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { loadTestFlow } from './support/load-test-flow';
import { freshEmail, freshStart } from './support/funnel-driver';
import { payAndSkipOffers } from './support/declared-events';
import { startOwnServer } from './support/own-server';
import { walkToEmail } from './support/quiz-walk';

// The event log takes uploads from anyone, so an attacker with curl floods it from one address with made-up devices
// and made-up properties, while a visitor walks and pays on the same server. The payment goes through; the flooder is
// answered with Amplitude's 429s; nothing made up is stored; the data folder grows by no more than the day's ceiling
// allows (1 MB here), and `npm run events` says the ceiling was reached.

const flow = loadTestFlow();
const CEILING_MB = 1;
const WAL_BYTES = 4.5 * 1024 * 1024;

const folderBytes = (dir: string) => readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);

test('a flood of forged uploads from one address neither stops a visitor paying nor fills the disk', async ({ browser }) => {
  test.setTimeout(150_000);
  // The defaults, but for a ceiling small enough to reach within the test.
  const server = await startOwnServer({ EVENT_LOG_DAILY_MB: String(CEILING_MB) });
  const before = folderBytes(server.dataDir);
  const tag = randomUUID().slice(0, 8);
  let flooding = true;
  const answers: Array<{ status: number; body: Record<string, unknown> }> = [];
  const flooder = async (worker: number) => {
    // 2,000 events of 1,000 made-up devices, each with a made-up 400-character property: some 3 MB a body.
    const events = Array.from({ length: 2000 }, (_, i) => ({
      event_type: 'Screen Shown',
      device_id: `forged-${tag}-${(worker * 7919 + i) % 1000}`,
      insert_id: randomUUID(),
      time: Date.now(),
      event_properties: { screen_id: 'welcome', flow_id: flow.id, flow_version: flow.version, [`made_up_${tag}`]: 'x'.repeat(400) },
    }));
    const body = JSON.stringify({ api_key: 'forged-key', events });
    while (flooding) {
      try {
        const response = await fetch(`${server.url}/analytics/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        answers.push({ status: response.status, body: (await response.json()) as Record<string, unknown> });
      } catch {
        // Refused before the body was read, the server closed the connection while the flooder was still sending it.
        answers.push({ status: 0, body: {} });
      }
    }
  };
  const flood = Promise.all([0, 1, 2].map(flooder));

  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await freshStart(page);
    await walkToEmail(page, { relationship: 'single', birthTime: '10:30' });
    // To the hosted checkout, paid with the test card, and on to the upsell: every screen is checked on the way.
    await payAndSkipOffers(page, flow, freshEmail());
  } finally {
    flooding = false;
    await flood;
    await context.close();
    await server.kill();
  }

  // The flooder was answered in Amplitude's shape (the SDK reads `code` from the body), or had its connection closed
  // before its body was read; once the day's ceiling was reached, every upload was refused before being read.
  expect(answers.length).toBeGreaterThan(10);
  // One upload, the first, may fit in the day whole; every other is refused, at least in part.
  const answered = answers.filter((a) => a.status !== 0);
  expect(answered.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
  for (const answer of answered.filter((a) => a.status !== 200)) expect(answer).toMatchObject({ status: 429, body: { code: 429, error: expect.any(String) } });
  expect(answered.at(-1)?.body).toEqual({ code: 429, error: 'The event log has stored its ceiling of 1 MB for today (UTC); it takes events again from 00:00 UTC.' });

  // Nothing made up is in the database, and what is there stays under the ceiling.
  const db = new Database(join(server.dataDir, 'astrelle.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const madeUp = db.prepare('select count(*) as n from analytics_events where event_properties like ?').get(`%made_up_${tag}%`) as { n: number };
    expect(madeUp.n).toBe(0);
    const usage = db.prepare('select stored_bytes from analytics_daily_usage').all() as Array<{ stored_bytes: number }>;
    expect(usage.reduce((sum, row) => sum + row.stored_bytes, 0)).toBeLessThanOrEqual(CEILING_MB * 1024 * 1024);
  } finally {
    db.close();
  }
  // The rows the ceiling let in, and the write-ahead log SQLite reuses past about 4 MB: not the tens of megabytes the
  // flood posted (some 3 MB an upload).
  expect(folderBytes(server.dataDir) - before).toBeLessThan(CEILING_MB * 1024 * 1024 * 1.25 + WAL_BYTES);
  const events = execFileSync('npx', ['tsx', 'scripts/events.ts', '--since', '1h'], { env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' });
  expect(events).toMatch(/^ceiling reached on \d{4}-\d\d-\d\d at .+: \d+ events stored \([\d.]+ MB\), the daily ceiling of 1 MB; later uploads that day were refused \(429\)$/m);
});
