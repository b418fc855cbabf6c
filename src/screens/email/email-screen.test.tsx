// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen as dom, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunnelEvent } from '../../engine/compile-flow';
import type { Answers } from '../../engine/answers';
import { skyAtBirth } from '../../domain/sky-at-birth';
import { astrologyFlow, renderWithProviders, screenOf } from '../test-utils';
import { EmailScreen } from './email-screen';
import { previewInsights } from './preview-insights';

afterEach(cleanup);

const flow = astrologyFlow();
const screen = screenOf(flow, 'email', 'email');
const preview = screen.preview!;
const place = { latitude: 51.50853, longitude: -0.12574, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' };
/** A visitor who answered the whole quiz: born 17 May 1990 at 10:30 in London. */
const answers: Answers = {
  [flow.profile.name]: 'Maya',
  [flow.profile.birthDate]: '1990-05-17',
  [flow.profile.birthTime]: '10:30',
  [flow.profile.birthPlace]: place,
  '3-4': 'sometimes',
  '3-5': ['career', 'love'],
  '3-6': 'head',
  '4-7': 'quality_time',
};

function renderIt(given: Answers = answers, shown: typeof screen = screen) {
  const send = vi.fn<(event: FunnelEvent) => void>();
  renderWithProviders(<EmailScreen screen={shown} answers={given} answer={undefined} send={send} email={null} profile={flow.profile} />);
  return { send };
}

describe('the email screen shows the reading preview it promises', () => {
  it("shows the visitor's Sun and Moon signs, computed from their birth answers", async () => {
    renderIt();
    const sky = skyAtBirth({ date: '1990-05-17', time: '10:30', utcOffsetMinutes: 60 });
    const card = dom.getByRole('region', { name: preview.title });
    const signs = await within(card).findAllByRole('definition', {}, { timeout: 5000 });
    expect(within(card).getAllByRole('term').map((t) => t.textContent)).toEqual([preview.sun, preview.moon]);
    expect(signs.map((d) => d.textContent?.trim())).toEqual([`${sky.sun.symbol} ${sky.sun.name}`, `${sky.moon.symbol} ${sky.moon.name}`]);
    expect(sky.sun.name).toBe('Taurus');
  });

  it('names both Moon signs when the unknown birth time leaves it open', async () => {
    // 14 November 1948 in London: the Moon went from Aries into Taurus that day.
    renderIt({ ...answers, [flow.profile.birthDate]: '1948-11-14', [flow.profile.birthTime]: 'dont_know' });
    const card = dom.getByRole('region', { name: preview.title });
    const signs = await within(card).findAllByRole('definition', {}, { timeout: 5000 });
    expect(signs[1]?.textContent?.trim()).toBe('♈♉ Aries or Taurus');
  });

  it('shows one insight per entry of the flow, the text of the answer the visitor gave, then what the rest holds', () => {
    renderIt();
    const card = dom.getByRole('region', { name: preview.title });
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      preview.insights[0]!.texts.head,
      preview.insights[1]!.texts.sometimes,
      preview.insights[2]!.texts.quality_time,
    ]);
    expect(within(card).getByText(preview.locked)).toBeTruthy();
  });

  it('shows no insight that is not the visitor\'s: an unanswered question gives none, and no sign without a birth date', () => {
    renderIt({ '3-6': 'heart' });
    const card = dom.getByRole('region', { name: preview.title });
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual([preview.insights[0]!.texts.heart]);
    expect(within(card).queryByRole('term')).toBeNull();
  });

  it('still takes the email below the preview', async () => {
    const { send } = renderIt();
    const user = userEvent.setup();
    await user.type(dom.getByLabelText(screen.label), 'maya@example.com');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledWith({ type: 'SUBMIT_EMAIL', email: 'maya@example.com' });
  });

  it('shows no preview on a flow without one', () => {
    const { preview: _none, ...withoutPreview } = screen;
    renderIt(answers, withoutPreview);
    expect(dom.queryByRole('region')).toBeNull();
  });
});

describe('previewInsights', () => {
  it('takes, of a multiple-choice answer, the first chosen option that has a text', () => {
    const texts = Object.fromEntries(['love', 'career', 'family', 'friendship', 'health', 'growth', 'money', 'spirituality'].map((v) => [v, `about ${v}`]));
    const priorities = { ...preview, insights: [{ answer: '3-5', texts }] };
    expect(previewInsights(priorities, { '3-5': ['money', 'love'] })).toEqual(['about money']);
    expect(previewInsights(priorities, { '3-5': [] })).toEqual([]);
    expect(previewInsights(priorities, {})).toEqual([]);
  });
});
