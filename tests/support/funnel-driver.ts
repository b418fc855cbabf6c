import { randomUUID } from 'node:crypto';
import { expect, request, type Page } from '@playwright/test';
import type { Flow, Screen } from '../../src/engine/generated/flow-types';
import type { FunnelEvent } from '../../src/engine/compile-flow';
import { returnRoutesOf } from '../../src/engine/flow-graph';
import { saveProgress, storageKey } from '../../src/engine/persistence';
import { consentRegionKey } from '../../src/shared/consent-keys';
import { paymentStatuses, paymentStatusOf } from '../../src/engine/payment-status';
import { paymentErrorReasons } from '../../src/engine/payment-error';
import { isVariantText } from '../../src/engine/text-variants';
import { screenById } from './load-test-flow';
import { funnelPaths, outcomeOfEvent, sample, type ModelPath } from '../model/funnel-paths';
import { cancelCheckout, expectHostedCheckout, payWithCard, testCards } from './hosted-checkout';

/** A fresh address for a visitor who is not a subscriber yet (each test run has a fresh database, but tests share it). */
export function freshEmail(): string {
  return `maya.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The address each page's visitor entered last (the model's visitor may pay with it later). */
const emailOf = new WeakMap<Page, string>();

/**
 * Makes `email` a subscriber (isPremium) the only way there is: another visitor (a browser context of its own,
 * with its own credential) opens a hosted checkout of the sample plan for it and pays with the test card.
 */
export async function subscribe(page: Page, email: string) {
  const buyer = await request.newContext({ baseURL: serverOrigin(page) });
  try {
    const usid = randomUUID();
    expect((await buyer.post('/subs/sessions/create', { data: { id: usid } })).status()).toBe(201);
    const back = (route: string) => `${route}?usid=${usid}`;
    const created = await buyer.post('/subs/checkout/sessions', {
      data: {
        project: 'astrelle', provider: 'maxpay', productId: sample.plan, email, usid, orderId: `ord_${randomUUID().replace(/-/g, '')}`,
        successUrl: back('/payment-success'), errorUrl: back('/payment-error'), cancelUrl: back('/sale'),
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const paid = await buyer.post(`/subs/checkout/${id}/pay`, {
      form: { cardName: 'Sub Scriber', cardNumber: testCards.approved, expiry: '12/34', cvc: '123' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    expect(paid.headers().location).toContain('/payment-success');
  } finally {
    await buyer.dispose();
  }
}

/** The origin of the tests' server: the page's, once it has opened one, else the configured port's. */
function serverOrigin(page: Page): string {
  const url = page.url();
  return url.startsWith('http') ? new URL(url).origin : `http://localhost:${process.env.E2E_PORT || 4173}`;
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

/**
 * A screen's heading as a pattern: placeholders ({answer:…}, {sunSign}) match any text, and a title with variants
 * matches any of them (which one depends on the visitor's flag). A payment result screen's is any of its answered
 * statuses' titles (which one depends on the server; expectStep checks it), never the neutral "checking" one: the
 * screen counts as shown once the server has answered.
 */
export function headingPattern(screen: Screen): RegExp | null {
  if (screen.kind === 'payment-result') return new RegExp(`^(${paymentStatuses.map((status) => escapeRegExp(screen.states[status].title)).join('|')})$`, 'i');
  // A payment error page's reason depends on how the visitor got there (a decline, a payment that could not start).
  if (screen.kind === 'payment-error') return new RegExp(`^(${paymentErrorReasons.map((reason) => escapeRegExp(screen.reasons[reason].title)).join('|')})$`, 'i');
  if (!('title' in screen)) return null;
  const titles: string[] = isVariantText(screen.title) ? Object.values(screen.title.variants) : [screen.title];
  const patterns = titles.map((title) => title.split(/\{[^{}]+\}/).map(escapeRegExp).join('.*'));
  return new RegExp(`^(${patterns.join('|')})$`, 'i');
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

/**
 * Asserts the browser shows `screenId`: its route in the address bar, its question as the h1, and the quiz's progress
 * bar only within the quiz (not on a loading screen, which shows its own progress instead).
 */
export async function expectScreen(page: Page, flow: Flow, screenId: string) {
  const screen = screenById(flow, screenId);
  await expect(page).toHaveURL((url) => url.pathname === screen.route);
  const heading = headingPattern(screen);
  if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  const progress = page.getByRole('progressbar', { name: 'Quiz progress' });
  if (screen.kind !== 'welcome' && screen.kind !== 'loading' && quizScreens(flow).has(screen.id)) await expect(progress).toBeVisible();
  else await expect(progress).toHaveCount(0);
}

/**
 * Does in the real UI what the model's event means on the current screen. `then` is the model's next
 * event: when it is the outcome of this screen's submit effect, the driver brings that outcome about
 * before it submits (a subscriber's email, a checkout call that fails at the network, a session the
 * server no longer knows the email of); when it is the payment status the return page will find, the
 * way back from the hosted checkout brings that about (see leaveHostedCheckout).
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
    await leaveHostedCheckout(page, flow, screen, event.screen, outcome);
    return;
  }
  switch (screen.kind) {
    case 'welcome':
    case 'interstitial':
    case 'payment-result':
    case 'loading':
      await goOn(page, screen);
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
      // The buy button names the total and the stored method ("Pay $19.99 with card •••• 4242"): any of its texts.
      const buyTexts = [screen.cta, screen.payWith?.card, screen.payWith?.paypal].filter((text): text is string => text !== undefined);
      const buy = buyTexts.map((text) => escapeRegExp(text).replace(/\\\{[A-Za-z0-9]+\\\}/g, '.+'));
      await page.getByRole('button', { name: new RegExp(`^(${buy.join('|')})$`) }).click();
      return;
    }
    case 'payment-error': {
      // The primary action has one name; the secondary one is named for where it leads (any of its labels).
      const name = value === screen.primary.value ? new RegExp(`^${escapeRegExp(screen.primary.label)}$`) : new RegExp(`^(${Object.values(screen.secondary.labels).map(escapeRegExp).join('|')})$`);
      await page.getByRole('button', { name }).click();
      return;
    }
    default:
      await answerQuestion(page, screen, value);
  }
}

/**
 * Goes on from a screen that asks nothing: its button (a payment result page's: the one of the status shown; the
 * checking one, if any, is disabled and named otherwise); a loading screen moves on by itself.
 */
export async function goOn(page: Page, screen: Screen) {
  if (screen.kind === 'loading') return;
  if (screen.kind === 'payment-result') {
    const ctas = [...new Set(paymentStatuses.map((name) => screen.states[name].cta).filter((cta): cta is string => cta !== undefined))];
    await page.getByRole('button', { name: new RegExp(`^(${ctas.map(escapeRegExp).join('|')})$`) }).click();
    return;
  }
  if ('cta' in screen && typeof screen.cta === 'string') await page.getByRole('button', { name: screen.cta }).click();
}

/**
 * Answers a question screen in the UI as a visitor would: taps an option, ticks boxes, types a text, a date or a
 * time (or taps "I don't know"), or searches a place (`place`: what to type and which suggestion to pick; by
 * default the model's sample, London).
 */
export async function answerQuestion(page: Page, screen: Screen, value: unknown, place: { query: string; label: string } = sample.place) {
  switch (screen.kind) {
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
      await page.getByRole('combobox', { name: screen.label }).fill(place.query);
      await page.getByRole('option', { name: place.label, exact: true }).click();
      return;
    default:
      throw new Error(`${screen.id} is no question screen (${screen.kind})`);
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

/** The text a payment result page shows only for a paid order, which a page checking another must never show. */
function paidClaim(screen: Extract<Screen, { kind: 'payment-result' }>): string {
  return screen.states.paid.eyebrow ?? screen.states.paid.title;
}

/**
 * On the hosted checkout: pays, is declined, or cancels, whichever sends the visitor back to `target`. A payment
 * result page that is to find another status than paid (`outcome`) is reached as a visitor could reach it by
 * hand: the return address with an order that is still open (pending), was declined (declined), or is nobody's
 * (unknown, a forged id); the page is then watched, from its first paint, for a claim that the payment was received.
 */
async function leaveHostedCheckout(page: Page, flow: Flow, screen: Screen, target: string, outcome: string | null) {
  if (screen.kind !== 'price' || !screen.returnTo) throw new Error(`${screen.id} sends nobody to a hosted checkout`);
  const targetScreen = screenById(flow, target);
  const route = targetScreen.route;
  const returns = screen.returnTo;
  // The model chose the target with what the machine knew (flags, the discount pages seen): any route a return may
  // lead to names the way there.
  const leadsTo = (value: (typeof returns)['success']) => returnRoutesOf(value).includes(route);
  if (targetScreen.kind === 'payment-result' && outcome !== null && outcome !== 'paid') await returnWithOrder(page, targetScreen, outcome);
  else if (leadsTo(returns.success)) await payWithCard(page, 'approved');
  else if (leadsTo(returns.error)) await payWithCard(page, 'declined');
  else if (leadsTo(returns.cancel)) await cancelCheckout(page);
  else throw new Error(`no way back from the hosted checkout to ${target}`);
}

/**
 * From the hosted checkout page, opens the payment result page `screen` with an order whose status is `outcome`
 * (pending: this checkout, left open; declined: this checkout, declined on the provider's form; unknown: a forged
 * order id), as the hosted payment's return address, and records whether the page ever shows the paid claim.
 */
async function returnWithOrder(page: Page, screen: Extract<Screen, { kind: 'payment-result' }>, outcome: string) {
  await expectHostedCheckout(page);
  const checkoutId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  // The visitor's own checkout, read with their credential (the browser context's cookie).
  const checkout = await page.request.get(`/subs/checkout/sessions/${checkoutId}`);
  expect(checkout.status()).toBe(200);
  const { orderId } = (await checkout.json()) as { orderId: string };
  if (outcome === 'declined') {
    const declined = await page.request.post(`/subs/checkout/${checkoutId}/pay`, {
      form: { cardName: 'Maya Test', cardNumber: testCards.declined, expiry: '12/34', cvc: '123' },
      maxRedirects: 0,
    });
    expect(declined.status()).toBe(303);
  } else if (outcome !== 'pending' && outcome !== 'unknown') {
    throw new Error(`no way to return to ${screen.id} with a payment that is ${outcome}`);
  }
  const order = outcome === 'unknown' ? `ord_${randomUUID().replace(/-/g, '')}` : orderId;
  const usid = await page.evaluate(() => window.localStorage.getItem('astrelle:usid'));
  await page.addInitScript((claim) => {
    const seen = window as unknown as { paidClaimSeen?: boolean };
    seen.paidClaimSeen = false;
    const look = () => {
      if (document.body?.textContent?.includes(claim)) seen.paidClaimSeen = true;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  }, paidClaim(screen));
  const query = new URLSearchParams({ ...(usid ? { usid } : {}), payment: 'true', order });
  await page.goto(`${screen.route}?${query.toString()}`);
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
  const outcome = outcomeOfEvent(step.event);
  if (screen.kind === 'payment-result' && outcome !== null) {
    // The page says what the server said of the order, and nothing else.
    const status = paymentStatusOf({ outcome });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.states[status === 'checking' ? 'unknown' : status].title);
    if (status !== 'paid') {
      await expect(page.getByText(paidClaim(screen))).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { paidClaimSeen?: boolean }).paidClaimSeen)).toBe(false);
    }
  }
}

/**
 * Opens the funnel where a model path resumes: a real visit of the landing (the session and its usid),
 * then the machine's progress saved as the app saves it, then the screen's address.
 */
export async function resumeAt(page: Page, flow: Flow, resume: NonNullable<ModelPath['resume']>, beforeOpening: () => Promise<void> = async () => {}) {
  await freshStart(page);
  await expect(page).toHaveURL(/usid=/);
  const saved = new Map<string, string>();
  saveProgress({ getItem: (k) => saved.get(k) ?? null, setItem: (k, v) => void saved.set(k, v), removeItem: (k) => void saved.delete(k) }, flow, {
    screen: resume.screen,
    answers: resume.answers,
    trail: resume.trail,
  });
  // Written now, and again as the landing goes away: the landing's funnel saves its own progress after each paint and,
  // for what is still waiting then, as the page is hidden (src/app/browser-port.ts); this listener, added after the
  // app's, runs after it, so the progress to resume is what the next page finds.
  await page.evaluate((entries) => {
    const write = () => entries.forEach(([k, v]) => window.localStorage.setItem(k, v));
    write();
    window.addEventListener('pagehide', write);
  }, [...saved.entries()]);
  const usid = new URL(page.url()).searchParams.get('usid') ?? '';
  await beforeOpening();
  await page.goto(`${screenById(flow, resume.screen).route}?usid=${encodeURIComponent(usid)}`);
}

const emailResumes = new WeakMap<Flow, NonNullable<ModelPath['resume']>>();
/** Where the model's paths resume at /email (its sample answers), computed once per flow. */
export function resumeAtEmail(flow: Flow): NonNullable<ModelPath['resume']> {
  const known = emailResumes.get(flow);
  if (known) return known;
  const resume = funnelPaths(flow).paths.find((p) => p.resume)?.resume;
  if (!resume) throw new Error('the model has no path that resumes at /email');
  emailResumes.set(flow, resume);
  return resume;
}

/**
 * A new visitor on /select-price: the model's sample answers restored at /email, `email` given, access confirmed.
 * `beforePrices` runs on /get-access, before the prices load (to intercept their call, say); `beforeOpening` before the
 * resumed page is opened (the landing before it has had the visitor's first input, and its own SDK calls).
 */
export async function visitorOnPrices(page: Page, flow: Flow, email: string, beforePrices: () => Promise<void> = async () => {}, beforeOpening: () => Promise<void> = async () => {}) {
  await resumeAt(page, flow, resumeAtEmail(flow), beforeOpening);
  await giveEmailAndGetAccess(page, flow, email, beforePrices);
}

/** On /email: gives `email`, confirms access on /get-access (`beforePrices` runs there first), and is on /select-price. */
export async function giveEmailAndGetAccess(page: Page, flow: Flow, email: string, beforePrices: () => Promise<void> = async () => {}) {
  // The flow's own label and buttons, so that a reworded screen needs no change here.
  const emailScreen = screenById(flow, 'email');
  const access = screenById(flow, 'get-access');
  if (emailScreen.kind !== 'email' || access.kind !== 'interstitial' || !access.cta) throw new Error('the flow has no email screen and access interstitial with a button');
  await page.getByLabel(emailScreen.label, { exact: true }).fill(email);
  await page.getByRole('button', { name: emailScreen.cta, exact: true }).click();
  await expectScreen(page, flow, 'get-access');
  await beforePrices();
  await page.getByRole('button', { name: access.cta, exact: true }).click();
  await expectScreen(page, flow, 'select-price');
}

/** Starts a fresh visitor on the landing page (with a first input that loads the funnel, unless `input: false`). */
export async function freshStart(page: Page, options: { input?: boolean } = {}) {
  // A page that has opened nothing in a context without a cookie (each test's own, as Playwright gives it) is a new
  // visitor already: its first visit is the fresh start.
  const untouched = page.url() === 'about:blank' && (await page.context().cookies()).length === 0;
  await page.goto('/');
  // Let the first visit finish making its session: cleared mid-load, its id would be written back after the clear
  // and the next visit would resume it without its credential (then take a new id, which the URL only shows later).
  await waitForCredential(page, options);
  if (untouched) return;
  // Cleared now and as the page goes away, after the app has written what was waiting for a paint (its listener was
  // added first): the next visit finds nothing of this one.
  await page.evaluate(() => {
    window.localStorage.clear();
    window.addEventListener('pagehide', () => window.localStorage.clear());
  });
  // A new visitor: no credential of an earlier one (ad click cookies a test set stay, as they would).
  await page.context().clearCookies({ name: 'astrelle_visitor' });
  await page.goto('/');
  await waitForCredential(page, options);
}

/**
 * Waits until the landing's session exists and this browser holds its credential (the usid reaches the address
 * bar before the server has answered): a test that then opens another page by its address, which a visitor
 * tapping through never does mid-load, would otherwise check a session the server has not made yet.
 */
export async function waitForCredential(page: Page, { input = true }: { input?: boolean } = {}) {
  // On the landing the session is made by the funnel's code, which loads on the visitor's first input, or 5 s after
  // load: a visitor who has arrived touches the page, and so does the test, rather than wait; a test of
  // what happens before any input waits for the 5 s instead (`input: false`).
  if (input) await page.keyboard.press('Shift');
  await expect(page).toHaveURL(/[?&]usid=[0-9a-f-]{36}/, { timeout: input ? undefined : 15_000 });
  await expect
    .poll(async () => {
      // The id in the address bar now: a visitor refused an id takes a new one, and the URL follows.
      const usid = new URL(page.url()).searchParams.get('usid') ?? '';
      return (await page.context().cookies()).some((c) => c.name === 'astrelle_visitor' && decodeURIComponent(c.value).startsWith(`${usid}~`));
    }, {
      message: 'the landing created the session and the browser holds its credential',
    })
    .toBe(true);
  // And has finished its session work: the visit saved with the IP lookup's answer, the session read back (the page
  // then knows the visitor's consent region and keeps it). A page opened before that loads a session with no country
  // in it, and a build that asks consent where the law wants opt-in rightly asks this visitor too (seen in CI: Remote
  // Config never asked on the resumed page, since the banner was waiting).
  await expect
    .poll(() => page.evaluate((key) => window.localStorage.getItem(key), consentRegionKey), {
      message: 'the landing saved the visit and read its session back',
    })
    .not.toBeNull();
}

/**
 * The answers the app has saved for `flow`, once it has saved what the last action changed: it saves after the next
 * paint (a frame, then a task: BrowserPort.afterPaint), so a frame and a task queued now run after its save.
 */
export async function savedAnswers(page: Page, flow: Flow): Promise<Record<string, unknown>> {
  return page.evaluate(async (key) => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { answers: Record<string, unknown> }).answers : {};
  }, storageKey(flow));
}
