import { expect, type Page } from '@playwright/test';
import type { Flow, Screen } from '../../src/engine/generated/flow-types';
import type { FunnelEvent } from '../../src/engine/compile-flow';
import { screenById } from './load-test-flow';
import { sample } from '../model/funnel-paths';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A screen's heading as a pattern: placeholders ({answer:…}, {sunSign}) match any text. */
export function headingPattern(screen: Screen): RegExp | null {
  if (!('title' in screen)) return null;
  const parts = screen.title.split(/\{[^{}]+\}/).map(escapeRegExp);
  return new RegExp(`^${parts.join('.*')}$`, 'i');
}

/** Asserts the browser shows `screenId`: its route in the address bar and its question as the h1. */
export async function expectScreen(page: Page, flow: Flow, screenId: string) {
  const screen = screenById(flow, screenId);
  await expect(page).toHaveURL((url) => url.pathname === screen.route);
  const heading = headingPattern(screen);
  if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

/** Does in the real UI what the model's event means on the current screen. */
export async function perform(page: Page, flow: Flow, screenId: string, event: FunnelEvent) {
  const screen = screenById(flow, screenId);
  if (event.type === 'BACK') {
    await page.getByRole('button', { name: 'Back' }).click();
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
    case 'email':
      await page.getByLabel(screen.label).fill(event.type === 'SUBMIT_EMAIL' ? event.email : sample.email);
      await page.getByRole('button', { name: screen.cta }).click();
      return;
  }
  if (event.type !== 'ANSWER') throw new Error(`cannot perform ${event.type} on ${screen.id}`);
  const value = event.value;
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
      await page.getByRole('combobox', { name: screen.label }).fill(sample.place.query);
      await page.getByRole('option', { name: sample.place.label }).click();
      return;
  }
}

/** Starts a fresh visitor on the landing page. */
export async function freshStart(page: Page) {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/');
}
