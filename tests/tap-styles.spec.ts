import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectScreen, freshEmail, freshStart, giveEmailAndGetAccess } from './support/funnel-driver';
import { loadTestFlow, screenById } from './support/load-test-flow';
import { tap, walkToEmail } from './support/quiz-walk';
import { paidVisitor } from './support/paid-visitor';

// A tap never adds a CSS rule. A styled component whose class depends on the funnel's state (an answer
// marked, the page group's art, a step running) makes styled-components insert a new rule when that state first
// comes, inside the tap; the browser then re-evaluates its style sheets and restyles the whole page before the next
// screen can paint (17-33 ms at 4x CPU on the taps that did). State goes into attributes the static rules select on,
// and the art into the elements' own style: the rules are all in place once a screen has been rendered.
const flow = loadTestFlow();

/**
 * Counts the rules inserted while an input is handled: from its capture until a task after it, by when React has
 * rendered the tap's update and run its effects (a discrete event's update is synchronous). Work the browser does at
 * idle afterwards (the next screen rendered ahead) is not the tap's.
 */
const RECORDER = `(() => {
  const log = (window.__ruleInserts = { total: 0, inInput: [] });
  let input = null;
  const start = (event) => {
    if (input) return;
    input = event.type + ' on ' + location.pathname;
    setTimeout(() => { input = null; }, 0);
  };
  for (const type of ['pointerdown', 'click', 'submit', 'keydown', 'input', 'change']) addEventListener(type, start, true);
  const record = (rule) => {
    log.total += 1;
    if (input) log.inInput.push(input + ': ' + String(rule).slice(0, 120));
  };
  const insertRule = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function (rule, index) { record(rule); return insertRule.call(this, rule, index); };
  // styled-components' text-node mode (a style element's text grows) counts too.
  for (const name of ['appendChild', 'insertBefore']) {
    const original = Node.prototype[name];
    Node.prototype[name] = function (child, ...rest) {
      if (child && child.nodeType === Node.TEXT_NODE && this instanceof HTMLStyleElement) record(child.data);
      return original.call(this, child, ...rest);
    };
  }
})();`;

async function insertsDuringInput(page: Page): Promise<{ total: number; inInput: string[] }> {
  return page.evaluate(() => (window as unknown as { __ruleInserts: { total: number; inInput: string[] } }).__ruleInserts);
}

/** A visitor reads each screen before tapping: the browser is idle once, and renders the next screen ahead then. */
const idle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));

const borderOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).borderTopColor);

/**
 * The loading screen's steps as shown, read at one moment: each step's state, weight and colour, and whether its mark
 * is animated (the steps move on every 100 ms, so one read, not one per step).
 */
const loadingSteps = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('li[data-state]')]
      .filter((li) => li.checkVisibility({ visibilityProperty: true }))
      .map((li) => {
        const style = getComputedStyle(li);
        const mark = li.querySelector('[aria-hidden="true"]');
        return { state: li.getAttribute('data-state'), weight: style.fontWeight, color: style.color, pulses: mark ? getComputedStyle(mark).animationName !== 'none' : false };
      }),
  );

test('no tap, key or pick from the landing to the price page adds a CSS rule', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(RECORDER);
  await freshStart(page);
  // The landing keeps its top bar hidden: there is neither a back target nor progress on it.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await walkToEmail(page, { relationship: 'in_relationships', birthTime: '10:30' }, async (id) => {
    if (id === 'profile-loading') {
      // The step running is bold and its mark pulses; the steps still to come are muted; no other mark pulses.
      const steps = await loadingSteps(page);
      const active = steps.filter((s) => s.state === 'active');
      const waiting = steps.filter((s) => s.state === 'waiting');
      expect(active).toHaveLength(1);
      expect(waiting.length).toBeGreaterThan(0);
      expect(active[0]).toMatchObject({ weight: '600', pulses: true });
      for (const step of waiting) expect(step).toMatchObject({ weight: '400', pulses: false });
      expect(waiting[0]!.color).not.toBe(active[0]!.color);
      expect(steps.filter((s) => s.pulses)).toHaveLength(1);
    }
    await idle(page);
    if (id === 'profile-place-of-birth') {
      // The first letter's suggestions come after its key, once the server has answered: they add no rule either
      // (the list's own rules style them), so the wait for them holds no restyle of the whole page. Counted once the
      // screen after it has been rendered ahead, which inserts its own rules while the browser is idle.
      await expect(page.locator('[data-screen="profile-zodiac-moon"][data-hidden]')).toBeAttached();
      await idle(page);
      const before = (await insertsDuringInput(page)).total;
      await page.getByRole('combobox', { name: 'Place of birth' }).press('L');
      await expect(page.getByRole('option').first()).toBeVisible();
      expect((await insertsDuringInput(page)).total).toBe(before);
    }
  });
  await giveEmailAndGetAccess(page, flow, freshEmail());
  await expectScreen(page, flow, 'select-price');
  // Every plan chosen in turn: the one chosen is marked, and the terms of payment name it.
  const plans = page.getByRole('radio');
  await expect(plans.first()).toBeVisible();
  const count = await plans.count();
  expect(count).toBeGreaterThan(1);
  const cards = page.locator('label').filter({ has: plans });
  for (let i = count - 1; i >= 0; i -= 1) {
    await plans.nth(i).check();
    await expect(cards.nth(i)).toHaveCSS('box-shadow', /0px 0px 0px 3px/);
    await expect(cards.nth(i === 0 ? 1 : 0)).not.toHaveCSS('box-shadow', /0px 0px 0px 3px/);
  }
  const prices = screenById(flow, 'select-price');
  if (prices.kind !== 'price') throw new Error('select-price is no price screen');
  const terms = await page.getByRole('button', { name: prices.cta, exact: true }).getAttribute('aria-describedby');
  await expect(page.locator(`[id="${terms}"]`)).toBeVisible();
  await expect(page.locator(`[id="${terms}"]`)).not.toBeEmpty();
  const log = await insertsDuringInput(page);
  // The recorder sees the rules styled-components inserts (it would pass with nothing recorded at all otherwise).
  expect(log.total).toBeGreaterThan(50);
  expect(log.inInput).toEqual([]);
});

test('coming back to an answered question marks the answer without adding a CSS rule', async ({ page }) => {
  await page.addInitScript(RECORDER);
  await freshStart(page);
  await tap(page, 'Start the quiz');
  // The top bar shows from the first question on: back and progress.
  await expect(page.getByRole('progressbar')).toBeVisible();
  await idle(page);
  await tap(page, 'Single');
  await expectScreen(page, flow, 'relationship-goal');
  await idle(page);
  await tap(page, 'Back');
  await expectScreen(page, flow, 'relationship-status');
  const single = page.getByRole('button', { name: 'Single', exact: true });
  const other = page.getByRole('button', { name: 'It\'s complicated', exact: true });
  await expect(single).toHaveAttribute('aria-pressed', 'true');
  // Marked in the flow's brand colour (the selected rule), where the others keep the control border.
  expect(await borderOf(single)).toBe('rgb(108, 69, 201)');
  expect(await borderOf(other)).not.toBe('rgb(108, 69, 201)');
  const log = await insertsDuringInput(page);
  expect(log.total).toBeGreaterThan(50);
  expect(log.inInput).toEqual([]);
});

test('going on to the upsell and ticking offers there, a bundle with what it includes, adds no CSS rule', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(RECORDER);
  await paidVisitor(page);
  await idle(page);
  await tap(page, 'Continue');
  await expectScreen(page, flow, 'signup-offer');
  await idle(page);
  const box = (name: RegExp) => page.getByRole('checkbox', { name });
  await box(/^Your birth chart reading/).check();
  await box(/^Ultra pack/).check();
  // Its parts show the badge of the bundle that includes them; the bundle is marked as chosen.
  await expect(page.locator('label').filter({ has: box(/^Love paths/) })).toContainText('Included in the Ultra pack');
  expect(await borderOf(page.locator('label').filter({ has: box(/^Ultra pack/) }))).toBe('rgb(108, 69, 201)');
  await box(/^Ultra pack/).uncheck();
  const log = await insertsDuringInput(page);
  expect(log.total).toBeGreaterThan(50);
  expect(log.inInput).toEqual([]);
});
