import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { personaZones, readPersona, simulatePersona, type Persona, type SimulatedStep } from '../src/domain/simulate-persona';
import { zoneHistory } from '../server/test-support/zone-histories';
import type { Screen } from '../src/engine/generated/flow-types';
import { loadTestFlow, screenById } from './support/load-test-flow';
import { answerQuestion, expectScreen, freshEmail, freshStart, goOn } from './support/funnel-driver';
import { cancelCheckout, expectHostedCheckout, payWithCard } from './support/hosted-checkout';
import { logRequests } from './support/request-log';
import { productKinds } from '../src/engine/kinds/product-kinds';

// For each persona of flows/personas/, the simulator's path and requests equal what the real app
// does in Chromium. The walk below is the persona's own, step by step as the simulator lists it; at each step the
// browser must show the simulator's screen, and at the end the app's requests to the astro and subscription servers
// that the simulator covers must be the simulator's, field for field.

const flow = loadTestFlow();
const personasDir = join('flows', 'personas');
const personas = readdirSync(personasDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => readPersona(JSON.parse(readFileSync(join(personasDir, file), 'utf8')), file));

/** Does on the page what the simulator says the visitor does on `screen`. */
async function act(page: Page, screen: Screen, step: SimulatedStep, email: string, onHostedPage: () => void) {
  const action = step.action;
  if (!action) return;
  if (action.type === 'SUBMIT_EMAIL' && screen.kind === 'email') {
    await page.getByLabel(screen.label).fill(email);
    await page.getByRole('button', { name: screen.cta }).click();
    return;
  }
  if (action.type === 'NEXT') {
    await goOn(page, screen);
    return;
  }
  if (action.type !== 'ANSWER') throw new Error(`no way to ${action.type} on ${screen.id}`);
  const value = action.value;
  switch (screen.kind) {
    case 'price':
      await page.locator(`input[type="radio"][value="${String(value)}"]`).check();
      await page.getByRole('button', { name: screen.cta }).click();
      await expectHostedCheckout(page);
      onHostedPage();
      if (step.payment?.result === 'success') await payWithCard(page, 'approved');
      else if (step.payment?.result === 'error') await payWithCard(page, 'declined');
      else if (step.payment?.result === 'cancel') await cancelCheckout(page);
      return;
    case 'offers':
      if (!Array.isArray(value) || value.length > 0) throw new Error('this walk only skips the offers');
      await page.getByRole('button', { name: screen.skip }).click();
      return;
    default: {
      // The place: typed as the first part of its label, the suggestion picked by the whole label.
      const label = typeof value === 'object' && value !== null && 'place' in value ? String(value.place) : '';
      await answerQuestion(page, screen, value, { query: label.split(',')[0] ?? '', label });
    }
  }
}

for (const persona of personas) {
  test(`persona ${persona.name}: the simulator's path and requests are the app's in Chromium`, async ({ page }) => {
    test.setTimeout(120_000);
    const email = freshEmail();
    const planned = await simulatePersona(flow, productKinds, { ...persona, email } satisfies Persona);
    expect(planned.steps.length).toBeGreaterThan(10);

    await freshStart(page);
    const log = logRequests(page);
    // The requests sent while each step's screen was open: from its showing to the next screen's (a price screen's
    // until the hosted payment page shows).
    const during = new Map<string, typeof log.requests>();
    let open: { screen: string; from: number; until: number | null } | null = null;
    const close = () => {
      if (open) during.set(open.screen, [...(during.get(open.screen) ?? []), ...log.requests.slice(open.from, open.until ?? undefined)]);
    };
    for (const step of planned.steps) {
      await expectScreen(page, flow, step.screen);
      close();
      const current: { screen: string; from: number; until: number | null } = { screen: step.screen, from: log.requests.length, until: null };
      open = current;
      await act(page, screenById(flow, step.screen), step, email, () => (current.until = log.requests.length));
    }
    close();

    // What only the browser knows, read from it; then the simulation again with those values.
    const usid = new URL(page.url()).searchParams.get('usid') ?? '';
    const browser = await page.evaluate(() => ({ userAgent: navigator.userAgent, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, cookies: document.cookie }));
    const checkout = log.requests.find((r) => r.method === 'POST' && r.url.pathname === '/subs/checkout/sessions');
    const orderId = (checkout?.body as { orderId?: string } | undefined)?.orderId ?? '';
    // The birthplace zones' histories, as the app fetched them from the server when it picked the places.
    const zoneHistories = Object.fromEntries(personaZones(persona).map((zone) => [zone, zoneHistory(zone)!]));
    const simulated = await simulatePersona(flow, productKinds, { ...persona, email }, { usid, ...browser, flowOuter: false, ipInfo: null, orderId, project: flow.product.id, zoneHistories });

    // Per screen the simulator sends from (the email's, the checkout's): the app's requests of the same kinds.
    const covered = new Set(simulated.requests.map((r) => `${r.method} ${r.path}`));
    const screens = new Set(simulated.requests.map((r) => r.screen));
    expect([...screens].sort()).toEqual(['email', 'select-price']);
    const sent = [...screens]
      .flatMap((screen) => during.get(screen) ?? [])
      .filter((r) => covered.has(`${r.method} ${r.url.pathname}`))
      .map((r) => ({
        method: r.method,
        path: r.url.pathname,
        ...(r.url.search ? { query: Object.fromEntries(r.url.searchParams) } : {}),
        ...(r.body !== null ? { body: r.body } : {}),
      }));
    // The email's astro and subscription calls go out in parallel: compared as sets, in a fixed order.
    const inOrder = (list: unknown[]) => list.map((r) => JSON.stringify(r)).sort();
    expect(inOrder(sent)).toEqual(inOrder(simulated.requests.map(({ method, path, query, body }) => ({ method, path, ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}) }))));
    expect(sent.length).toBeGreaterThanOrEqual(4);
  });
}

test('the personas walk both relationship branches, to the end and to a discount page', () => {
  const relationships = new Set(personas.map((p) => p.answers['1-1']));
  expect(relationships).toEqual(new Set(['single', 'in_relationships']));
  expect(personas.map((p) => p.outcomes?.payment).sort()).toEqual(['cancel', 'success']);
});
