import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { keyOf, loadTestFlow, screenById } from './support/load-test-flow';
import { expectScreen, freshStart, resumeAt, resumeAtEmail, savedAnswers, waitForCredential } from './support/funnel-driver';
import { continueWith, pickPlace, singleUpToPlace, tap, walkToEmail, type Visitor } from './support/quiz-walk';

const flow = loadTestFlow();
const key = (id: string) => keyOf(flow, id);
const partnerKeys = ['relationship-partner-gender', 'relationship-partner-birthday', 'relationship-partner-time-of-birth', 'relationship-partner-place-of-birth'].map(key);

/**
 * Every axe rule but color-contrast: tests/contrast.spec.ts runs that one on each of these screens, in light and in
 * dark (the same quiz screens, through its two personas' walks), so running it here again only doubled the time.
 */
async function expectNoSeriousA11yViolations(page: Page, where: string) {
  const violations = await axeViolations(page, { rules: { 'color-contrast': { enabled: false } } });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test.describe('the quiz from / to /email', () => {
  const visitors: Visitor[] = [
    { relationship: 'in_relationships', birthTime: '10:30' },
    { relationship: 'in_relationships', birthTime: 'dont_know' },
    { relationship: 'single', birthTime: '10:30' },
    { relationship: 'single', birthTime: 'dont_know' },
  ];
  for (const visitor of visitors) {
    test(`walks a visitor who is ${visitor.relationship} with birth time ${visitor.birthTime}`, async ({ page }) => {
      await freshStart(page);
      await walkToEmail(page, visitor, async (id) => {
        // The loading and email screens show no back button.
        if (id === 'profile-loading' || id === 'email') await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
      });
      const answers = await savedAnswers(page, flow);
      expect(answers[key('relationship-status')]).toBe(visitor.relationship);
      expect(answers[key('profile-time-of-birth')]).toBe(visitor.birthTime);
      expect(answers[key('profile-place-of-birth')]).toMatchObject({ place: 'London, England, United Kingdom', utcOffsetMinutes: 60, latitude: expect.any(Number), longitude: expect.any(Number) });
      if (visitor.relationship === 'in_relationships') {
        expect(answers[key('relationship-partner-birthday')]).toBe('1988-11-02');
        // Madrid on 2 November 1988 at noon: CET, UTC+1 (summer time ended on 30 October).
        expect(answers[key('relationship-partner-place-of-birth')]).toMatchObject({ place: 'Madrid, Spain', utcOffsetMinutes: 60 });
      } else {
        expect(Object.keys(answers).filter((k) => partnerKeys.includes(k))).toEqual([]);
      }
    });
  }

  test('has no serious or critical accessibility violation on any quiz screen', async ({ page }) => {
    test.setTimeout(180_000);
    await freshStart(page);
    const seen = new Set<string>();
    await walkToEmail(page, { relationship: 'in_relationships', birthTime: 'dont_know' }, async (id) => {
      if (seen.has(id) || screenById(flow, id).kind === 'loading') return;
      seen.add(id);
      await expectNoSeriousA11yViolations(page, id);
    });
    // In a relationship with an unknown birth time passes every screen of the quiz, up to /email (the loading screen
    // moves on by itself). The pages after /email are checked by tests/payment-journeys.spec.ts.
    const quiz = flow.screens.slice(0, flow.screens.findIndex((s) => s.id === 'email') + 1);
    expect(seen.size).toBe(quiz.filter((s) => s.kind !== 'loading').length);
  });
});

test.describe('nothing is lost', () => {
  test('a reload on any step keeps the step and the answers', async ({ page }) => {
    test.setTimeout(180_000);
    await freshStart(page);
    await walkToEmail(page, { relationship: 'in_relationships', birthTime: '10:30' }, async (id) => {
      if (screenById(flow, id).kind === 'loading') return;
      const before = await savedAnswers(page, flow);
      await page.reload();
      await expectScreen(page, flow, id);
      expect(await savedAnswers(page, flow)).toEqual(before);
    });
    // The answers are back in the screens too.
    await page.goto('/quiz/2-1');
    await expect(page.getByLabel('First name')).toHaveValue('Maya');
    await page.goto('/quiz/2-2');
    await expect(page.getByLabel('Date of birth')).toHaveValue('1990-05-17');
    await page.goto('/quiz/2-4');
    await expect(page.getByRole('combobox', { name: 'Place of birth' })).toHaveValue('London, England, United Kingdom');
    await page.goto('/quiz/1-1');
    await expect(page.getByRole('button', { name: 'In a relationship or married' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a closed tab keeps the progress for the next visit', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    // The landing's session exists before the tab closes (a visitor who closed it within a second would have no
    // session to come back to, and the spec sends a page without one to /).
    await waitForCredential(page);
    await tap(page, 'Start the quiz');
    await tap(page, 'Single');
    await expectScreen(page, flow, 'relationship-goal');
    await page.close();
    const again = await context.newPage();
    await again.goto('/quiz/1-2');
    await expectScreen(again, flow, 'relationship-goal');
    await again.goto('/quiz/1-1');
    await expect(again.getByRole('button', { name: 'Single' })).toHaveAttribute('aria-pressed', 'true');
    await context.close();
  });

  test('switching to single drops the partner answers', async ({ page }) => {
    await freshStart(page);
    await walkToEmail(page, { relationship: 'in_relationships', birthTime: '10:30' });
    expect((await savedAnswers(page, flow))[key('relationship-partner-birthday')]).toBe('1988-11-02');
    await page.goto('/quiz/1-1');
    await tap(page, 'Single');
    const answers = await savedAnswers(page, flow);
    expect(answers[key('relationship-status')]).toBe('single');
    for (const partnerKey of partnerKeys) expect(answers[partnerKey]).toBeUndefined();
    expect(answers[key('profile-name')]).toBe('Maya');
    await page.goto('/quiz/3-7');
    await tap(page, 'Most of the time');
    await tap(page, 'Continue');
    await expectScreen(page, flow, 'relationship-feel-comfortable');
    // The partner screens are off the path now: typing one of them is refused.
    await page.goto('/quiz/4-0-2');
    await expectScreen(page, flow, 'relationship-feel-comfortable');
  });

  test('progress saved by an incompatible flow version is dropped, not half-restored', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() =>
      window.localStorage.setItem(
        'astrelle:progress:astrology',
        JSON.stringify({ flowId: 'astrology', flowVersion: 0, screen: 'relationship-goal', answers: { '1-1': 'single' }, trail: ['welcome', 'relationship-status', 'relationship-goal'] }),
      ),
    );
    await page.goto('/quiz/1-2');
    await expectScreen(page, flow, 'welcome');
    expect(await page.evaluate(() => window.localStorage.getItem('astrelle:progress:astrology'))).not.toContain('"flowVersion":0');
  });
});

test('focus moves to the new question\'s heading on each step, by tap or by keyboard, and Back; a page load keeps the browser\'s own start', async ({ page }) => {
  await freshStart(page);
  await tap(page, 'Start the quiz');
  await expectScreen(page, flow, 'relationship-status');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  // A keyboard user answers from there: Tab reaches the first option, Enter answers, and the next question has focus.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /In a relationship/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /Single/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/quiz\/1-2/);
  await expect(heading).toBeFocused();
  await expect(heading).not.toHaveText(/relationship status/i);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/quiz\/1-1/);
  await expect(heading).toBeFocused();
  // A reload is a page load: the browser's own focus start, not the heading.
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(heading).not.toBeFocused();
});

test.describe('back and forward', () => {
  test('browser back and forward move through visited screens; unvisited URLs are refused', async ({ page }) => {
    await freshStart(page);
    await tap(page, 'Start the quiz');
    await tap(page, 'Single');
    await tap(page, 'Finding the right partner');
    await expectScreen(page, flow, 'knowledge-of-astrology');
    await page.goBack();
    await expectScreen(page, flow, 'relationship-goal');
    await expect(page.getByRole('button', { name: 'Finding the right partner' })).toHaveAttribute('aria-pressed', 'true');
    await page.goBack();
    await expectScreen(page, flow, 'relationship-status');
    await page.goForward();
    await expectScreen(page, flow, 'relationship-goal');
    await page.goForward();
    await expectScreen(page, flow, 'knowledge-of-astrology');
    await page.goto('/quiz/3-1');
    await expectScreen(page, flow, 'knowledge-of-astrology');
    await page.goto('/quiz/1-1');
    await expectScreen(page, flow, 'relationship-status');
  });

  test('back and at once forward: the forward address is kept, and the screen follows it', async ({ page }) => {
    // The app writes its own moves into the address bar after the next paint. The visitor's back moves the
    // funnel too; written late, that move took the visitor back again once they had gone forward meanwhile. Frames
    // are held here from the back on, so the late write comes only after the forward (at the 200 ms fallback).
    await page.addInitScript(() => {
      const request = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => ((window as unknown as { __holdFrames?: boolean }).__holdFrames ? 0 : request(callback));
    });
    await freshStart(page);
    await tap(page, 'Start the quiz');
    await tap(page, 'Single');
    await expectScreen(page, flow, 'relationship-goal');
    await page.evaluate(() => Object.assign(window, { __holdFrames: true }));
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/relationship status/i);
    await page.goForward();
    await page.evaluate(() => Object.assign(window, { __holdFrames: false }));
    await expectScreen(page, flow, 'relationship-goal');
    // Past the fallback: nothing written late takes the visitor back.
    await page.waitForTimeout(400);
    await expectScreen(page, flow, 'relationship-goal');
  });

  test('a deep link with no progress lands on the start', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/quiz/2-3?quiz=2-3&utm_source=ads');
    await expectScreen(page, flow, 'welcome');
    // The ad's parameters stay, `quiz` goes (a visitor without a session is sent to / without it), and the new
    // session's id is added.
    await expect(page).toHaveURL((url) => url.searchParams.has('usid'));
    const params = new URL(page.url()).searchParams;
    expect([...params.keys()].sort()).toEqual(['usid', 'utm_source']);
    expect(params.get('utm_source')).toBe('ads');
  });

  test('the back button follows the flow: / from 1-1, the previous screen, fixed targets and browser history', async ({ page }) => {
    await freshStart(page);
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await tap(page, 'Start the quiz');
    await tap(page, 'Back');
    await expectScreen(page, flow, 'welcome');
    await tap(page, 'Start the quiz');
    await tap(page, 'Single');
    await tap(page, 'Back');
    await expectScreen(page, flow, 'relationship-status');
    await tap(page, 'Single');
    await tap(page, 'Finding the right partner');
    await tap(page, 'I know my sun sign');
    await expectScreen(page, flow, 'profile-lets-learn');
    await tap(page, 'Back');
    await expect(page).toHaveURL((url) => url.pathname === '/understanding-astrology');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expectScreen(page, flow, 'profile-lets-learn');
    await tap(page, 'Continue');
    await continueWith(page, 'First name', 'Maya');
    await continueWith(page, 'Date of birth', '1990-05-17');
    await tap(page, 'Continue');
    await tap(page, "I don't know");
    await expectScreen(page, flow, 'profile-no-problem');
    await tap(page, 'Back');
    await expectScreen(page, flow, 'profile-time-of-birth');
    await tap(page, "I don't know");
    await tap(page, 'Continue');
    await expectScreen(page, flow, 'profile-place-of-birth');
    // 2-4 uses the browser's history: back leads where the browser came from.
    const historyLength = await page.evaluate(() => window.history.length);
    await tap(page, 'Back');
    await expectScreen(page, flow, 'profile-no-problem');
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);
    await page.goForward();
    await expectScreen(page, flow, 'profile-place-of-birth');
    await pickPlace(page, 'Place of birth', 'Paris', 'Paris, Île-de-France, France');
    await expectScreen(page, flow, 'profile-zodiac-moon');
    await tap(page, 'Back');
    await expectScreen(page, flow, 'profile-place-of-birth');
  });

  test('the in-app Back steps back through history, so it never moves the visitor forward', async ({ page }) => {
    await freshStart(page);
    await tap(page, 'Start the quiz');
    await tap(page, 'Single');
    await expectScreen(page, flow, 'relationship-goal');
    await tap(page, 'Back');
    await expectScreen(page, flow, 'relationship-status');
    // The browser's back now goes where Back came from's predecessor is, not forward to 1-2.
    await page.goBack();
    await expectScreen(page, flow, 'welcome');
    await page.goForward();
    await expectScreen(page, flow, 'relationship-status');
    await singleUpToPlace(page, '1990-05-17', '10:30');
    await pickPlace(page, 'Place of birth', 'London', 'London, England, United Kingdom');
    await expectScreen(page, flow, 'profile-zodiac-moon');
    const length = await page.evaluate(() => window.history.length);
    // moon → Back (to 2-4) → Back (browser history on 2-4) → the time question, never the moon again.
    await tap(page, 'Back');
    await expectScreen(page, flow, 'profile-place-of-birth');
    await tap(page, 'Back');
    await expectScreen(page, flow, 'profile-time-of-birth');
    expect(await page.evaluate(() => window.history.length)).toBe(length);
    await page.goForward();
    await expectScreen(page, flow, 'profile-place-of-birth');
  });

  test('a changed birth date moves the saved place to the offset of the new date', async ({ page }) => {
    await freshStart(page);
    await walkToEmail(page, { relationship: 'single', birthTime: '10:30' });
    expect((await savedAnswers(page, flow))[key('profile-place-of-birth')]).toMatchObject({ utcOffsetMinutes: 60 });
    await page.goto('/quiz/2-2');
    await continueWith(page, 'Date of birth', '1990-01-17');
    expect((await savedAnswers(page, flow))[key('profile-place-of-birth')]).toMatchObject({ utcOffsetMinutes: 0 });
  });

});

test.describe('bad answers get a clear inline message and lose nothing', () => {
  test('empty name, future or pre-1900 birth date, unknown place', async ({ page }) => {
    await freshStart(page);
    await tap(page, 'Start the quiz');
    await tap(page, 'Single');
    await tap(page, 'Understanding myself better');
    await tap(page, 'I know my sun sign');
    await tap(page, 'Continue');

    await tap(page, 'Continue');
    await expect(page.getByRole('alert')).toHaveText(screenMessage('profile-name', 'required'));
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expectScreen(page, flow, 'profile-name');
    await page.getByLabel('First name').fill('   ');
    await tap(page, 'Continue');
    await expect(page.getByRole('alert')).toHaveText(screenMessage('profile-name', 'required'));
    await continueWith(page, 'First name', 'Maya');

    await continueWith(page, 'Date of birth', '2999-01-01');
    await expect(page.getByRole('alert')).toHaveText(screenMessage('profile-birthday', 'future'));
    await continueWith(page, 'Date of birth', '1899-12-31');
    await expect(page.getByRole('alert')).toHaveText(screenMessage('profile-birthday', 'tooEarly'));
    await tap(page, 'Continue');
    await expectScreen(page, flow, 'profile-birthday');
    await continueWith(page, 'Date of birth', '1990-05-17');
    await tap(page, 'Continue');
    await continueWith(page, 'Time of birth', '10:30');

    await page.getByRole('combobox', { name: 'Place of birth' }).fill('Xqzzyville');
    await expect(page.getByRole('alert')).toHaveText(screenMessage('profile-place-of-birth', 'noMatch'));
    await tap(page, 'Continue');
    await expect(page.getByRole('alert')).toHaveText(screenMessage('profile-place-of-birth', 'noMatch'));
    await expectScreen(page, flow, 'profile-place-of-birth');
    await page.getByRole('combobox', { name: 'Place of birth' }).fill('');
    await tap(page, 'Continue');
    await expect(page.getByRole('alert')).toHaveText(screenMessage('profile-place-of-birth', 'required'));

    // Nothing was lost on the way.
    const answers = await savedAnswers(page, flow);
    expect(answers).toMatchObject({ [key('relationship-status')]: 'single', [key('profile-name')]: 'Maya', [key('profile-birthday')]: '1990-05-17', [key('profile-time-of-birth')]: '10:30' });
  });

  test('the place list is keyboard usable and 170 to 180 px high at most', async ({ page }) => {
    await freshStart(page);
    const saved = {
      flowId: flow.id,
      flowVersion: flow.version,
      screen: 'profile-place-of-birth',
      answers: {
        [key('relationship-status')]: 'single',
        [key('relationship-goal')]: 'find_love',
        [key('knowledge-of-astrology')]: 'beginner',
        [key('profile-name')]: 'Maya',
        [key('profile-birthday')]: '1990-05-17',
        [key('profile-time-of-birth')]: '10:30',
      },
      trail: ['welcome', 'relationship-status', 'relationship-goal', 'knowledge-of-astrology', 'profile-lets-learn', 'profile-name', 'profile-birthday', 'profile-zodiac-sun', 'profile-time-of-birth', 'profile-place-of-birth'],
    };
    await page.evaluate((progress) => window.localStorage.setItem('astrelle:progress:astrology', JSON.stringify(progress)), saved);
    await page.goto('/quiz/2-4');
    const box = page.getByRole('combobox', { name: 'Place of birth' });
    await box.fill('san');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option').first()).toBeVisible();
    const height = await list.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(100);
    expect(height).toBeLessThanOrEqual(180);
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = await list.getByRole('option').nth(1).textContent();
    await expect(box).toHaveAttribute('aria-activedescendant', /option-1$/);
    // The active suggestion is outlined in the brand colour (its aria-selected rule); the others are not.
    await expect(list.getByRole('option').nth(1)).toHaveCSS('outline-style', 'solid');
    await expect(list.getByRole('option').nth(1)).toHaveCSS('outline-width', '2px');
    await expect(list.getByRole('option').first()).toHaveCSS('outline-style', 'none');
    await box.press('Enter');
    await expectScreen(page, flow, 'profile-zodiac-moon');
    expect(((await savedAnswers(page, flow))[key('profile-place-of-birth')] as { place: string }).place).toBe(second);
  });
});

function screenMessage(id: string, key: string): string {
  const screen = screenById(flow, id);
  const messages: Record<string, string> = 'messages' in screen ? screen.messages : {};
  const message = messages[key];
  if (!message) throw new Error(`no message ${key} on ${id}`);
  return message;
}

test('the email is never in the address bar or localStorage', async ({ page }) => {
  await resumeAt(page, flow, resumeAtEmail(flow));
  await expectScreen(page, flow, 'email');
  await page.getByLabel('Email').fill('not-an-email');
  await tap(page, 'Save and continue');
  await expect(page.getByRole('alert')).toHaveText(screenMessage('email', 'invalid'));
  await page.getByLabel('Email').fill('maya@example.com');
  await tap(page, 'Save and continue');
  await expectScreen(page, flow, 'get-access');
  expect(page.url()).not.toContain('maya');
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).not.toContain('maya@example.com');
});
