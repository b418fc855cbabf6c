import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { MIGRATIONS, prepareStore } from './open';

// Stores opened together on one new SQLite file, as the workers of a deployment start: three connections whose
// migrations interleave (each awaits between statements). Each one must come up with the schema migrated once.
it('migrates a new SQLite file once when several stores open it together', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'astrelle-concurrent-migrate-'));
  try {
    const stores = await Promise.all([prepareStore({ dataDir }), prepareStore({ dataDir }), prepareStore({ dataDir })]);
    const applied = await stores[0]!.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(applied).toHaveLength(Object.keys(MIGRATIONS).length);
    for (const store of stores) await store.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
