import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * How many rows the reference server's event log holds for an insert id, read-only from the SQLite database of the
 * server Playwright started (`${E2E_DATA_DIR}/astrelle.sqlite`, see playwright.config.ts).
 */
export function loggedEvents(insertId: string): Array<{ eventType: string; deviceId: string | null }> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  const db = new Database(join(dir, 'astrelle.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows: Array<{ event_type: string; device_id: string | null }> = db.prepare('select event_type, device_id from analytics_events where insert_id = ?').all(insertId) as Array<{ event_type: string; device_id: string | null }>;
    return rows.map((r) => ({ eventType: r.event_type, deviceId: r.device_id }));
  } finally {
    db.close();
  }
}
