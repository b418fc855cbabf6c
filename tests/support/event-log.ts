import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** One row of the event log as a test compares it with what the browser sent. */
export interface LoggedEvent {
  eventType: string;
  deviceId: string | null;
  eventProperties: Record<string, unknown>;
  userProperties: Record<string, unknown>;
}

/**
 * The rows the reference server's event log holds for an insert id, read-only from the SQLite database of a server
 * Playwright started: the shared one (`${E2E_DATA_DIR}/astrelle.sqlite`, see playwright.config.ts), or the SDK build's
 * with `dataDir` `${E2E_DATA_DIR}/sdk`.
 */
export function loggedEvents(insertId: string, dataDir = process.env.E2E_DATA_DIR): Array<{ eventType: string; deviceId: string | null }> {
  return loggedRows([insertId], dataDir).map(({ eventType, deviceId }) => ({ eventType, deviceId }));
}

/** The rows of the event log for these insert ids, properties included. */
export function loggedRows(insertIds: readonly string[], dataDir = process.env.E2E_DATA_DIR): LoggedEvent[] {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  const db = new Database(join(dataDir, 'astrelle.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const select = db.prepare<[string], { event_type: string; device_id: string | null; event_properties: string; user_properties: string }>(
      'select event_type, device_id, event_properties, user_properties from analytics_events where insert_id = ?',
    );
    return insertIds.flatMap((id) =>
      select.all(id).map((r) => ({ eventType: r.event_type, deviceId: r.device_id, eventProperties: JSON.parse(r.event_properties), userProperties: JSON.parse(r.user_properties) })),
    );
  } finally {
    db.close();
  }
}

/**
 * Every answer the page got from the event log (`/analytics/...`), status and body: a visitor's uploads must all be
 * taken whole (200, nothing listed as invalid).
 */
export function recordEventLogAnswers(page: Page): Array<{ status: number; body: string }> {
  const answers: Array<{ status: number; body: string }> = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/analytics/')) return;
    void response
      .text()
      .then((body) => answers.push({ status: response.status(), body }))
      .catch(() => answers.push({ status: response.status(), body: '(unread)' }));
  });
  return answers;
}
