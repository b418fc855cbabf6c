import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loadTestFlow } from './support/load-test-flow';
import { expectScreen, freshStart } from './support/funnel-driver';
import { startOwnServer } from './support/own-server';
import { tap, walkToEmail } from './support/quiz-walk';

const flow = loadTestFlow();
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The visitor id the address bar shows, once the app has put it there. */
async function usidInUrl(page: Page): Promise<string> {
  await expect(page).toHaveURL((url) => uuid.test(url.searchParams.get('usid') ?? ''));
  return new URL(page.url()).searchParams.get('usid') ?? '';
}

interface StoredSession {
  id: string;
  record: { flowOuter: boolean; gclid: boolean; testEventCode: string | null; ipInfo: unknown; attribution: Record<string, string> };
}

/**
 * The session as the subscription server stores it, read over its own API with the visitor's credential (the
 * page's context's cookie: `page.request` shares it).
 */
async function storedSession(request: APIRequestContext, id: string, baseURL = ''): Promise<{ status: number; session: StoredSession | null }> {
  const response = await request.get(`${baseURL}/subs/sessions/${id}`);
  return { status: response.status(), session: response.ok() ? ((await response.json()) as StoredSession) : null };
}

test.describe('the visitor session', () => {
  test('a new visitor gets a usid in the URL and a stored session holding the visit\'s parameters', async ({ page, request: curl }) => {
    const request = page.request;
    await page.goto('/?utm_source=facebook&utm_campaign=spring&utm_content=ad-7&utm_term=stars&flowOuter=true&gclid=Cj0KCQ&test_event_code=TEST4821&original_url_ad=https%3A%2F%2Fad.example%2Fx&no_adset=1#!promo');
    const usid = await usidInUrl(page);
    // The parameters the visitor came with are all still there, the hash too.
    const url = new URL(page.url());
    expect(url.searchParams.get('utm_source')).toBe('facebook');
    expect(url.hash).toBe('#!promo');
    expect(await page.evaluate(() => window.localStorage.getItem('astrelle:usid'))).toBe(usid);

    await expect.poll(async () => (await storedSession(request, usid)).session?.record.testEventCode).toBe('TEST4821');
    const { session } = await storedSession(request, usid);
    expect(session?.id).toBe(usid);
    expect(session?.record).toMatchObject({
      flowOuter: true,
      gclid: true,
      testEventCode: 'TEST4821',
      attribution: { utmSource: 'facebook', utmCampaign: 'spring', utmContent: 'ad-7', utmTerm: 'stars', originalUrlAd: 'https://ad.example/x', noAdset: '1', hash: 'promo' },
    });
    // The credential is an httpOnly cookie: the page's JavaScript cannot read it, and a request without it reads nothing.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'astrelle_visitor')).toMatchObject({ httpOnly: true, sameSite: 'Lax', value: expect.stringContaining(usid) });
    expect(await page.evaluate(() => document.cookie)).not.toContain('astrelle_visitor');
    expect((await storedSession(curl, usid)).status).toBe(401);
  });

  test('a returning visitor keeps their id, and a public page without the ad\'s parameters does not erase them', async ({ page }) => {
    const request = page.request;
    await page.goto('/?gclid=abc&flowOuter=1');
    const usid = await usidInUrl(page);
    await expect.poll(async () => (await storedSession(request, usid)).session?.record.gclid).toBe(true);
    await page.goto('/privacy-policy');
    expect(await usidInUrl(page)).toBe(usid);
    await page.goto('/');
    expect(await usidInUrl(page)).toBe(usid);
    const { session } = await storedSession(request, usid);
    expect(session?.record).toMatchObject({ gclid: true, flowOuter: true });
  });

  test('a deep link to /quiz/2-3 with no session lands on / without quiz', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/quiz/2-3?quiz=2-3&utm_source=ads');
    await expectScreen(page, flow, 'welcome');
    await usidInUrl(page);
    const params = new URL(page.url()).searchParams;
    expect(params.has('quiz')).toBe(false);
    expect(params.get('utm_source')).toBe('ads');
    await context.close();
  });

  test('a visitor whose session the server does not know is sent to /', async ({ page }) => {
    await freshStart(page);
    await tap(page, 'Start the quiz');
    await tap(page, 'Single');
    await expectScreen(page, flow, 'relationship-goal');
    // A well-formed id the server never issued: no session, and none this browser holds a credential for.
    const forgotten = crypto.randomUUID();
    await page.evaluate((id) => window.localStorage.setItem('astrelle:usid', id), forgotten);
    await page.goto(`/quiz/1-2?usid=${forgotten}&quiz=1-2`);
    await expectScreen(page, flow, 'welcome');
    expect(new URL(page.url()).searchParams.has('quiz')).toBe(false);
  });

  test('a reload keeps the session and the answers', async ({ page }) => {
    const request = page.request;
    await freshStart(page);
    const usid = await usidInUrl(page);
    await tap(page, 'Start the quiz');
    await tap(page, 'Single');
    await tap(page, 'Finding the right partner');
    await expectScreen(page, flow, 'knowledge-of-astrology');
    expect(new URL(page.url()).searchParams.get('usid')).toBe(usid);
    await page.reload();
    await expectScreen(page, flow, 'knowledge-of-astrology');
    expect(await usidInUrl(page)).toBe(usid);
    expect((await storedSession(request, usid)).status).toBe(200);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: 'Finding the right partner' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('Back stays disabled until the session has loaded', async ({ page }) => {
    await freshStart(page);
    await tap(page, 'Start the quiz');
    await tap(page, 'Single');
    await expectScreen(page, flow, 'relationship-goal');
    // Hold the session check of the next page load at the network boundary.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/subs/sessions/*', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expectScreen(page, flow, 'relationship-goal');
    const back = page.getByRole('button', { name: 'Back' });
    await expect(back).toBeDisabled();
    await page.waitForTimeout(300);
    await expect(back).toBeDisabled();
    release();
    await expect(back).toBeEnabled();
  });

  test('a visitor from our email (utm_email_id=1) has the email confirmed', async ({ page }) => {
    // The visitor left their email in this browser earlier (their session and profile), then opens our email's link here.
    const request = page.request;
    await freshStart(page);
    const usid = await usidInUrl(page);
    await page.waitForLoadState('networkidle');
    const email = `confirm-${Date.now()}@example.com`;
    const created = await request.post('/astro/api/v2/user/create', {
      data: {
        username: 'Maya', email, usid, isLegal: true, gender: 'female', relationship: 'single',
        birthday: { date: '1990-05-17', time: '10:30:00' }, location: { latitude: 51.5, longitude: -0.12 }, locale: 'en', timezone: 'Europe/London',
      },
    });
    expect(created.status()).toBe(201);
    const confirmed = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes(`/astro/api/v2/user/confirm-email?usid=${usid}`));
    await page.goto(`/?usid=${usid}&utm_email_id=1`);
    await confirmed;
    await expect.poll(async () => ((await (await request.get(`/astro/api/v2/user/email?email=${encodeURIComponent(email)}`)).json()) as { emailConfirmed: boolean }).emailConfirmed).toBe(true);
  });
});

test('with the server stopped mid-quiz the quiz goes on, logs the spec\'s messages, and carries on when it is back', async ({ browser }) => {
  test.setTimeout(120_000);
  const server = await startOwnServer();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    await page.goto('/');
    const usid = await usidInUrl(page);
    await walkToEmail(page, { relationship: 'single', birthTime: 'dont_know' }, async (id) => {
      // Past the place search, which needs the server: stop it.
      if (id === 'profile-gender') await server.kill();
    });
    // The plans for the price page could not be fetched: both providers' requests are logged.
    expect(consoleErrors.filter((m) => m.startsWith('cannot get subscription plans'))).toHaveLength(2);
    expect(pageErrors).toEqual([]);

    await server.restart();
    await page.reload();
    await expectScreen(page, flow, 'email');
    expect(await usidInUrl(page)).toBe(usid);
    const { status } = await storedSession(context.request, usid, server.url);
    expect(status).toBe(200);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
    await server.kill();
  }
});
