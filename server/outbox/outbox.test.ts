import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStore, type Store } from '../db/open';
import { seedCatalogue } from '../subs/catalogue';
import { runScript } from '../test-support/run-script';
import { outboxSince } from './outbox';

// `npm run outbox`: what a deployment would have emailed, from the charges and report orders the server recorded.

let dataDir: string;
let store: Store;
const email = 'Ada.Lovelace@Example.com';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'astrelle-outbox-'));
  store = await prepareStore({ dataDir }, (s) => seedCatalogue(s, 'astrelle'));
  const now = Date.now();
  await store.db
    .insertInto('charges')
    .values({ id: 'c1', order_id: 'o1', checkout_id: null, email, email_key: email.toLowerCase(), project: 'astrelle', provider: 'maxpay', product_id: 'mxp_astrelle_trial_1_2900_live', amount_cents: 100, currency: 'USD', payment_method: 'card', created_at: new Date(now - 60_000).toISOString() })
    .execute();
  await store.db
    .insertInto('report_orders')
    .values({ id: 'r1', email, email_key: email.toLowerCase(), reports: JSON.stringify(['natal_chart', 'compatibility']), your_data: '{}', partner_data: null, status: 'queued', created_at: new Date(now - 30_000).toISOString(), content_key: 'k1', usid: null })
    .execute();
  await store.db
    .insertInto('report_orders')
    .values({ id: 'r0', email, email_key: email.toLowerCase(), reports: JSON.stringify(['natal_chart']), your_data: '{}', partner_data: null, status: 'queued', created_at: new Date(now - 3 * 3_600_000).toISOString(), content_key: 'k0', usid: null })
    .execute();
  await store.close();
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the outbox', () => {
  it('lists a receipt per charge and the reports per order in the window, oldest first, the address masked', async () => {
    const reopened = await prepareStore({ dataDir });
    try {
      const entries = await outboxSince(reopened.db, new Date(Date.now() - 3_600_000));
      expect(entries.map(({ kind, to, what }) => ({ kind, to, what }))).toEqual([
        { kind: 'receipt', to: 'A•••@Example.com', what: 'mxp_astrelle_trial_1_2900_live 1.00 USD' },
        { kind: 'reports', to: 'A•••@Example.com', what: 'natal_chart, compatibility' },
      ]);
    } finally {
      await reopened.close();
    }
  });

  it('prints them one line each with a count, and never the address itself (npm run outbox)', async () => {
    const run = await runScript('outbox.ts', ['--since', '1h'], { DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\S+\treceipt\tA•••@Example\.com\tmxp_astrelle_trial_1_2900_live 1\.00 USD$/);
    expect(lines[2]).toMatch(/^2 emails would have gone out since /);
    expect(run.stdout).not.toContain('Lovelace');
  }, 30_000);
});
