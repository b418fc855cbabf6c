import { expect, type Page } from '@playwright/test';
import type { Flow, Screen } from '../../src/engine/generated/flow-types';
import type { FunnelEvent } from '../../src/engine/compile-flow';
import { defaultFlags, resolveReturnRoute } from '../../src/engine/flow-graph';
import { saveProgress } from '../../src/engine/persistence';
import { screenById } from './load-test-flow';
import { outcomeOfEvent, sample, type ModelPath } from '../model/funnel-paths';
import { cancelCheckout, expectHostedCheckout, payWithCard } from './hosted-checkout';

/** A fresh address for a visitor who is not a subscriber yet (each test run has a fresh database, but tests share it). */
export function freshEmail(): string {
  return `maya.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The address each page's visitor entered last (the model's visitor may pay with it later). */
const emailOf = new WeakMap<Page, string>();

/** Makes `email` a subscriber (isPremium) through the subscription server's API. */
export async function subscribe(page: Page, email: string) {
  const response = await page.request.post('/subs/subscriptions/create', {
    data: { email, project: 'astrelle', productId: sample.plan, provider: 'maxpay', orderId: `ord_${Math.random().toString(36).slice(2, 14)}` },
  });
  expect(response.status()).toBe(201);
}

/** An address the subscription server knows as a subscriber (isPremium), made through its API. */
export async function subscriberEmail(page: Page): Promise<string> {
  const email = freshEmail();
  await subscribe(page, email);
  return email;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A screen's heading as a pattern: placeholders ({answer:…}, {sunSign}) match any text. */
export function headingPattern(screen: Screen): RegExp | null {
  if (!('title' in screen)) return null;
  const parts = screen.title.split(/\{[^{}]+\}/).map(escapeRegExp);
  return new RegExp(`^${parts.join('.*')}$`, 'i');
}

/** The screens of the quiz part, which show its progress bar: from the start up to the flow's progressUntil screen. */
function quizScreens(flow: Flow): Set<string> {
  const seen = new Set<string>();
  const queue = [flow.start];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (id === flow.progressUntil) continue;
    const next = screenById(flow, id).next;
    queue.push(...(next === undefined ? [] : typeof next === 'string' ? [next] : next.map((b) => b.to)));
  }
  return seen;
}

/** Asserts the browser shows `screenId`: its route in the address bar, its question as the h1, and the quiz's progress bar only within the quiz. */
export async function expectScreen(page: Page, flow: Flow, screenId: string) {
  const screen = screenById(flow, screenId);
  await expect(page).toHaveURL((url) => url.pathname === screen.route);
  const heading = headingPattern(screen);
  if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  const progress = page.getByRole('progressbar', { name: 'Quiz progress' });
  if (screen.kind !== 'welcome' && quizScreens(flow).has(screen.id)) await expect(progress).toBeVisible();
  else await expect(progress).toHaveCount(0);
}

/**
 * Does in the real UI what the model's event means on the current screen. `then` is the model's next
 * event: when it is the outcome of this screen's submit effect, the driver brings that outcome about
 * before it submits (a subscriber's email, a checkout call that fails at the network, a session the
 * server no longer knows the email of).
 */
export async function perform(page: Page, flow: Flow, screenId: string, event: FunnelEvent, then?: FunnelEvent) {
  const screen = screenById(flow, screenId);
  const outcome = then ? outcomeOfEvent(then) : null;
  if (outcomeOfEvent(event) !== null) return; // the effect answered: nothing to do in the UI
  // Interceptions that brought the last outcome about end here.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  if (event.type === 'BACK') {
    await page.getByRole('button', { name: 'Back' }).click();
    return;
  }
  if (event.type === 'RETURN') {
    await leaveHostedCheckout(page, flow, screen, event.screen);
    return;
  }
  switch (screen.kind) {
    case 'welcome':
    case 'interstitial':
      await page.getByRole('button', { name: screen.cta }).click();
      return;
    case 'loading':
      // The loading screen moves on by itself.
      return;
    case 'email': {
      const email = outcome === 'premium' ? await subscriberEmail(page) : freshEmail();
      emailOf.set(page, email);
      await page.getByLabel(screen.label).fill(email);
      await page.getByRole('button', { name: screen.cta }).click();
      return;
    }
  }
  if (event.type !== 'ANSWER') throw new Error(`cannot perform ${event.type} on ${screen.id}`);
  const value = event.value;
  switch (screen.kind) {
    case 'price': {
      if (outcome === 'needsEmail') await forgetSessionEmail(page, flow, screen);
      if (outcome === 'failed') await page.route('**/subs/checkout/sessions', (route) => route.abort('connectionrefused'));
      // Subscribed meanwhile (another tab): the server refuses a second plan.
      if (outcome === 'subscribed') await subscribe(page, emailOf.get(page) ?? '');
      await page.locator(`input[type="radio"][value="${String(value)}"]`).check();
      await page.getByRole('button', { name: screen.cta }).click();
      return;
    }
    case 'offers': {
      const ids = Array.isArray(value) ? value : [];
      if (ids.length === 0) {
        await page.getByRole('button', { name: screen.skip }).click();
        return;
      }
      if (outcome === 'failed') await page.route('**/subs/purchases', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback()));
      for (const id of ids) await page.locator(`input[type="checkbox"][value="${id}"]`).check();
      await page.getByRole('button', { name: screen.cta }).click();
      return;
    }
    case 'single-choice': {
      const option = screen.options.find((o) => o.value === value);
      if (!option) throw new Error(`no option ${String(value)} on ${screen.id}`);
      await page.getByRole('button', { name: option.label, exact: true }).click();
      return;
    }
    case 'multiple-choice': {
      const values = Array.isArray(value) ? value : [];
      for (const option of screen.options) {
        const box = page.getByRole('checkbox', { name: option.label });
        if (values.includes(option.value) !== (await box.isChecked())) await box.click();
      }
      await page.getByRole('button', { name: screen.cta }).click();
      return;
    }
    case 'text':
    case 'date':
      await page.getByLabel(screen.label, { exact: true }).fill(String(value));
      await page.getByRole('button', { name: screen.cta }).click();
      return;
    case 'time':
      if (value === screen.dontKnow.value) {
        await page.getByRole('button', { name: screen.dontKnow.label }).click();
      } else {
        await page.getByLabel(screen.label, { exact: true }).fill(String(value));
        await page.getByRole('button', { name: screen.cta }).click();
      }
      return;
    case 'place':
      await page.getByRole('combobox', { name: screen.label }).fill(sample.place.query);
      await page.getByRole('option', { name: sample.place.label }).click();
      return;
  }
}

/**
 * The server's session answers without the visitor's email from now on (as for a visitor whose email the
 * server never linked), and the page reloads: the machine's in-memory email is gone, so nobody knows it.
 */
async function forgetSessionEmail(page: Page, flow: Flow, screen: Screen) {
  await page.route('**/subs/sessions/*', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { user: { email: string | null } | null };
    if (body.user) body.user.email = null;
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expectScreen(page, flow, screen.id);
}

/** On the hosted checkout: pays, is declined, or cancels, whichever sends the visitor back to `target`. */
async function leaveHostedCheckout(page: Page, flow: Flow, screen: Screen, target: string) {
  if (screen.kind !== 'price' || !screen.returnTo) throw new Error(`${screen.id} sends nobody to a hosted checkout`);
  const route = screenById(flow, target).route;
  const returns = screen.returnTo;
  const where = (value: (typeof returns)['success']) => resolveReturnRoute(value, {}, {}, defaultFlags(flow));
  if (where(returns.success) === route) await payWithCard(page, 'approved');
  else if (where(returns.error) === route) await payWithCard(page, 'declined');
  else if (where(returns.cancel) === route) await cancelCheckout(page);
  else throw new Error(`no way back from the hosted checkout to ${target}`);
}

/**
 * Asserts what the browser shows after a model step: the screen (address and heading), or the hosted
 * checkout page when the step's outcome sent the visitor there. A step that leaves the machine
 * submitting is not checked: the effect may already have answered.
 */
export async function expectStep(page: Page, flow: Flow, step: ModelPath['steps'][number]) {
  if (step.phase === 'submitting') return;
  if (outcomeOfEvent(step.event) === 'redirected') {
    await expectHostedCheckout(page);
    return;
  }
  await expectScreen(page, flow, step.screen);
  const screen = screenById(flow, step.screen);
  if (screen.kind === 'offers' && outcomeOfEvent(step.event) === 'failed') await expect(page.getByRole('alert')).toHaveText(screen.messages.failed);
}

/**
 * Opens the funnel where a model path resumes: a real visit of the landing (the session and its usid),
 * then the machine's progress saved as the app saves it, then the screen's address.
 */
export async function resumeAt(page: Page, flow: Flow, resume: NonNullable<ModelPath['resume']>) {
  await freshStart(page);
  await expect(page).toHaveURL(/usid=/);
  const saved = new Map<string, string>();
  saveProgress({ getItem: (k) => saved.get(k) ?? null, setItem: (k, v) => void saved.set(k, v), removeItem: (k) => void saved.delete(k) }, flow, {
    screen: resume.screen,
    answers: resume.answers,
    trail: resume.trail,
  });
  await page.evaluate((entries) => entries.forEach(([k, v]) => window.localStorage.setItem(k, v)), [...saved.entries()]);
  const usid = new URL(page.url()).searchParams.get('usid') ?? '';
  await page.goto(`${screenById(flow, resume.screen).route}?usid=${encodeURIComponent(usid)}`);
}

/** Starts a fresh visitor on the landing page. */
export async function freshStart(page: Page) {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/');
}
