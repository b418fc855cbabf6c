import { execFileSync } from 'node:child_process';
import { expect, test, type Page, type Request } from '@playwright/test';
import { screenEventNames } from '../src/engine/analytics-events';
import { keyOf, loadTestFlow, screenById } from './support/load-test-flow';
import { freshEmail, freshStart, resumeAt } from './support/funnel-driver';
import { funnelPaths } from './model/funnel-paths';
import { tap, walkToEmail } from './support/quiz-walk';
import { loggedEvents, loggedRows, recordEventLogAnswers } from './support/event-log';
import { declaredEvents, paidWalkEvents, payAndSkipOffers } from './support/declared-events';
import { productKinds } from '../src/engine/kinds/product-kinds';

const flow = loadTestFlow();

interface SentEvent {
  event_type: string;
  insert_id: string;
  device_id?: string;
  event_properties?: Record<string, unknown>;
  user_properties?: Record<string, unknown>;
}

/** Every upload to the event log (Amplitude's HTTP V2 format, on this origin; fetch and beacon alike), as sent. */
function recordUploads(page: Page) {
  const bodies: string[] = [];
  const events: SentEvent[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/analytics/2/httpapi') return;
    const body = request.postData() ?? '';
    bodies.push(body);
    const parsed: { events?: SentEvent[] } = JSON.parse(body);
    events.push(...(parsed.events ?? []));
  });
  /** The funnel's own events (the SDK's page views and sessions carry no screen_id), first sending of each. */
  const funnelEvents = () => {
    const seen = new Set<string>();
    return events.filter((e) => typeof e.event_properties?.screen_id === 'string' && !seen.has(e.insert_id) && seen.add(e.insert_id));
  };
  return { bodies, events, funnelEvents };
}

test('a walk to /email sends every declared event once, in order, with its properties, and no personal data anywhere', async ({ page }) => {
  test.setTimeout(120_000);
  const uploads = recordUploads(page);
  const answers = recordEventLogAnswers(page);
  await freshStart(page);
  const visited: string[] = [];
  await walkToEmail(page, { relationship: 'single', birthTime: '10:30' }, async (id) => void visited.push(id));
  const usid = new URL(page.url()).searchParams.get('usid');

  // What the flow declares for that path: each screen shown, then answered as the visitor moves on (a loading
  // screen moves on by itself); the events are flushed every 10 s.
  const expected = declaredEvents(flow, visited);
  await expect
    .poll(() => uploads.funnelEvents().map((e) => `${e.event_type} ${String(e.event_properties?.screen_id)}`), { timeout: 40_000, intervals: [1000] })
    .toEqual(expected);

  const sent = uploads.funnelEvents();
  expect(sent.find((e) => e.event_properties?.screen_id === 'email')?.event_type).toBe('Email Shown');
  for (const event of sent) {
    expect(event.device_id).toBe(usid);
    expect(event.event_properties).toMatchObject({ flow_id: flow.id, flow_version: flow.version });
  }
  const status = screenById(flow, 'relationship-status');
  const answered = sent.find((e) => e.event_properties?.screen_id === status.id && e.event_type === screenEventNames(productKinds, flow, status).answered);
  expect(answered?.event_properties).toMatchObject({ step_id: '1-1', question_id: keyOf(flow, status.id), answer: 'single' });
  // The visitor's name, birth date, time and place are nowhere in any upload, nor an email address or an IP.
  for (const body of uploads.bodies) {
    expect(body).not.toMatch(/Maya|1990-05-17|10:30|London|51\.5|@|"ip":"(?!\$remote)/);
  }

  // Nothing this visitor sent was refused or cut: the SDK's own events (sessions, page views, identify) and the
  // funnel's, every upload answered 200 with nothing listed as invalid, every event stored as it was sent.
  const sentOnce = [...new Map(uploads.events.map((e) => [e.insert_id, e])).values()];
  expect(sentOnce.map((e) => e.event_type)).toEqual(expect.arrayContaining(['session_start', '[Amplitude] Page Viewed', '$identify']));
  await expect.poll(() => loggedRows(sentOnce.map((e) => e.insert_id)).length, { timeout: 15_000 }).toBe(sentOnce.length);
  const stored = loggedRows(sentOnce.map((e) => e.insert_id));
  expect(stored.map((row) => ({ eventType: row.eventType, eventProperties: row.eventProperties, userProperties: row.userProperties }))).toEqual(
    sentOnce.map((e) => ({ eventType: e.event_type, eventProperties: e.event_properties ?? {}, userProperties: e.user_properties ?? {} })),
  );
  expect(answers.length).toBeGreaterThan(0);
  // At least one answer's body was read (a beacon's may not be), so the check below is not vacuous.
  expect(answers.some((a) => a.body !== '(unread)')).toBe(true);
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    if (answer.body !== '(unread)') expect(JSON.parse(answer.body)).not.toHaveProperty('events_with_invalid_fields');
  }

  // The server's own event log kept them: `npm run events` lists the walk.
  const listed = execFileSync('npx', ['tsx', 'scripts/events.ts', '--since', '1h'], { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, encoding: 'utf8' });
  expect(listed).toMatch(/\tEmail Shown\temail$/m);
  expect(listed).toMatch(/^\d+ events? since /m);
});

test('events recorded before the SDK loaded are kept over a reload and arrive', async ({ page }) => {
  test.setTimeout(60_000);
  const uploads = recordUploads(page);
  // No input: the funnel loads 5 s after load and the SDK 5 s after that; its landing view waits in storage.
  await freshStart(page, { input: false });
  const queued = await page.evaluate(() => JSON.parse(window.localStorage.getItem('astrelle:analytics-queue') ?? '[]') as Array<{ insert_id: string; event_type: string }>);
  const landing = queued.find((e) => e.event_type === screenEventNames(productKinds, flow, screenById(flow, 'welcome')).shown);
  expect(landing).toBeDefined();
  // Leaving the page sends what is queued by beacon; the next page starts with an empty queue and sends its own.
  await page.reload();
  await tap(page, 'Start the quiz');
  await expect.poll(() => loggedEvents(landing?.insert_id ?? ''), { timeout: 30_000, intervals: [500] }).toEqual([{ eventType: landing?.event_type, deviceId: new URL(page.url()).searchParams.get('usid') }]);
  // The new page's own events go through the SDK once it has loaded (on that tap), within its 10 s flush.
  await expect.poll(() => uploads.funnelEvents().map((e) => e.event_type), { timeout: 30_000, intervals: [1000] }).toContain(screenEventNames(productKinds, flow, screenById(flow, 'welcome')).answered);
});

test('events a refused beacon could not send stay queued over a reload and arrive from the next page', async ({ page }) => {
  test.setTimeout(60_000);
  // The browser refuses beacons while the page's flag is set (over its quota, or beacons blocked).
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, body) => ((window as unknown as { refuseBeacons?: boolean }).refuseBeacons ? false : send(url, body));
  });
  await freshStart(page, { input: false });
  const queued = await page.evaluate(() => JSON.parse(window.localStorage.getItem('astrelle:analytics-queue') ?? '[]') as Array<{ insert_id: string; event_type: string }>);
  const landing = queued.find((e) => e.event_type === screenEventNames(productKinds, flow, screenById(flow, 'welcome')).shown);
  expect(landing).toBeDefined();
  await page.evaluate(() => ((window as unknown as { refuseBeacons?: boolean }).refuseBeacons = true));
  await page.reload();
  // Still in storage for this page, which sends it once its SDK has loaded (on the first tap).
  const kept = await page.evaluate(() => JSON.parse(window.localStorage.getItem('astrelle:analytics-queue') ?? '[]') as Array<{ insert_id: string }>);
  expect(kept.map((e) => e.insert_id)).toContain(landing?.insert_id);
  expect(await loggedEvents(landing?.insert_id ?? '')).toEqual([]);
  await tap(page, 'Start the quiz');
  await expect.poll(() => loggedEvents(landing?.insert_id ?? ''), { timeout: 30_000, intervals: [500] }).toEqual([{ eventType: landing?.event_type, deviceId: new URL(page.url()).searchParams.get('usid') }]);
});

test('from /email to the upsell, every declared event arrives once, in order, across the hosted payment and back', async ({ page }) => {
  test.setTimeout(120_000);
  const uploads = recordUploads(page);
  const resume = funnelPaths(flow).paths.find((p) => p.resume)!.resume!;
  await resumeAt(page, flow, resume);
  await payAndSkipOffers(page, flow, freshEmail());

  const names = (id: string) => screenEventNames(productKinds, flow, screenById(flow, id));
  const expected = [`${names('email').shown} email`, `${names('email').answered} email`, ...paidWalkEvents(flow)];
  await expect
    .poll(() => uploads.funnelEvents().map((e) => `${e.event_type} ${String(e.event_properties?.screen_id)}`), { timeout: 40_000, intervals: [1000] })
    .toEqual(expected);
  const chosen = uploads.funnelEvents().find((e) => e.event_type === names('select-price').answered);
  expect(chosen?.event_properties).toMatchObject({ plan_id: expect.any(String), price: 5, currency: 'USD' });
  expect(uploads.funnelEvents().find((e) => e.event_type === 'Payment Result')?.event_properties).toMatchObject({ status: 'paid' });
  for (const body of uploads.bodies) expect(body).not.toMatch(/@|Maya|1990-05-17/);
});
