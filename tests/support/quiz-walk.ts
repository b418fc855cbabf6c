import { expect, type Page } from '@playwright/test';
import { loadTestFlow } from './load-test-flow';
import type { Flow } from '../../src/engine/generated/flow-types';
import { expectScreen } from './funnel-driver';

const flow = loadTestFlow();

export async function tap(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).click();
}

export async function continueWith(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
  await tap(page, 'Continue');
}

export async function pickPlace(page: Page, label: string, query: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).fill(query);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** From /quiz/1-1: a single visitor's answers up to the place question (Maya, born on `birthDate` at `birthTime`). */
export async function singleUpToPlace(page: Page, birthDate: string, birthTime: string) {
  await tap(page, 'Single');
  await tap(page, 'Understanding myself better');
  await tap(page, 'I know my sun sign');
  await tap(page, 'Continue');
  await continueWith(page, 'First name', 'Maya');
  await continueWith(page, 'Date of birth', birthDate);
  await tap(page, 'Continue');
  await continueWith(page, 'Time of birth', birthTime);
}

export interface Visitor {
  relationship: 'in_relationships' | 'single';
  birthTime: string | 'dont_know';
}

/** Walks from / to /email as the visitor, checking the route and the question at every step (of `walked`, the flow version the visitor is served). */
export async function walkToEmail(page: Page, visitor: Visitor, onScreen: (id: string) => Promise<void> = async () => {}, walked: Flow = flow) {
  const at = async (id: string) => {
    await expectScreen(page, walked, id);
    await onScreen(id);
  };
  await at('welcome');
  await tap(page, 'Start the quiz');
  await at('relationship-status');
  await tap(page, visitor.relationship === 'single' ? 'Single' : 'In a relationship or married');
  await at('relationship-goal');
  await tap(page, 'Understanding myself better');
  await at('knowledge-of-astrology');
  await tap(page, 'I know my sun sign');
  await at('profile-lets-learn');
  await tap(page, 'Continue');
  await at('profile-name');
  await continueWith(page, 'First name', 'Maya');
  await at('profile-birthday');
  await continueWith(page, 'Date of birth', '1990-05-17');
  await at('profile-zodiac-sun');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya, your Sun is in Taurus');
  await expect(page.getByText('Sun in Taurus')).toBeVisible();
  await tap(page, 'Continue');
  await at('profile-time-of-birth');
  if (visitor.birthTime === 'dont_know') {
    await tap(page, "I don't know");
    await at('profile-no-problem');
    await tap(page, 'Continue');
  } else {
    await continueWith(page, 'Time of birth', visitor.birthTime);
  }
  await at('profile-place-of-birth');
  await pickPlace(page, 'Place of birth', 'London', 'London, England, United Kingdom');
  await at('profile-zodiac-moon');
  // 1990-05-17 in London (BST, UTC+1): the Moon is in Aquarius all day.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Moon is in Aquarius');
  await tap(page, 'Continue');
  await at('profile-gender');
  await tap(page, 'Female');
  await at('personality-next-step');
  await tap(page, 'Continue');
  await at('personality-being-alone');
  await tap(page, 'It recharges me');
  for (const id of ['personality-criticism-sensitive', 'personality-worry-not-good', 'personality-overthinking-prone']) {
    await at(id);
    await tap(page, 'Sometimes');
  }
  await at('personality-most-important');
  await page.getByRole('checkbox', { name: 'Love and romance' }).check();
  await page.getByRole('checkbox', { name: 'Personal growth' }).check();
  await tap(page, 'Continue');
  await at('personality-make-decisions');
  await tap(page, 'A mix of heart and head');
  await at('personality-knows-want');
  await tap(page, 'Most of the time');
  await at('relationship-next-step');
  await tap(page, 'Continue');
  if (visitor.relationship === 'in_relationships') {
    await at('relationship-partner-gender');
    await tap(page, 'Male');
    await at('relationship-partner-birthday');
    await continueWith(page, "Partner's date of birth", '1988-11-02');
    await at('relationship-partner-time-of-birth');
    await tap(page, "I don't know");
    await at('relationship-partner-place-of-birth');
    await pickPlace(page, "Partner's place of birth", 'Madrid', 'Madrid, Spain');
  }
  await at('relationship-feel-comfortable');
  await tap(page, 'Sometimes');
  await at('relationship-easily-angered');
  await tap(page, 'Rarely');
  await at('relationship-show-self');
  await tap(page, 'Yes, almost always');
  await at('relationship-ideal-date');
  await tap(page, 'A cosy night in');
  await at('relationship-love-language');
  await tap(page, 'Quality time');
  await at('profile-loading');
  await at('email');
}

