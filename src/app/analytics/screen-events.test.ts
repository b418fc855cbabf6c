import { describe, it, expect } from 'vitest';
import flowJson from '../../../flows/astrology.json';
import { validateFlow } from '../../engine/validate-flow';
import type { Flow, Screen } from '../../engine/generated/flow-types';
import { screenEvents } from './screen-events';
import { productKinds } from '../../engine/kinds/product-kinds';

function validFlow(data: unknown): Flow {
  const result = validateFlow(data, { kinds: productKinds });
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.pointer} ${p.message}`).join('\n'));
  return result.flow;
}

const flow = validFlow(flowJson);
const screen = (id: string, from: Flow = flow): Screen => {
  const found = from.screens.find((s) => s.id === id);
  if (!found) throw new Error(id);
  return found;
};
const ab = { discounts: true, priceSet: 'default' };
const flowProps = { flow_id: 'astrology', flow_version: 1 };

describe('screenEvents: the events a screen sends, as the flow declares them', () => {
  it('sends the flow\'s default events with the screen, step and question ids and the A/B flags', () => {
    expect(screenEvents(productKinds, flow, screen('relationship-status'), 'shown', { assignments: ab })).toEqual([
      { event_type: 'Screen Shown', event_properties: { screen_id: 'relationship-status', step_id: '1-1', question_id: '1-1', ...flowProps, ab_discounts: true, ab_priceSet: 'default' } },
    ]);
    expect(screenEvents(productKinds, flow, screen('relationship-status'), 'answered', { answer: 'single', assignments: {} })).toEqual([
      { event_type: 'Screen Answered', event_properties: { screen_id: 'relationship-status', step_id: '1-1', question_id: '1-1', ...flowProps, answer: 'single' } },
    ]);
  });

  it('sends a screen without an answer key without step_id and question_id', () => {
    expect(screenEvents(productKinds, flow, screen('welcome'), 'answered', { assignments: {} })).toEqual([{ event_type: 'Screen Answered', event_properties: { screen_id: 'welcome', ...flowProps } }]);
  });

  it('joins the values of a multiple choice', () => {
    const [event] = screenEvents(productKinds, flow, screen('personality-most-important'), 'answered', { answer: ['love', 'career'], assignments: {} });
    expect(event?.event_properties.answer).toBe('love,career');
  });

  it('never sends a name, a birth date, time or place, or an email address', () => {
    const place = { latitude: 48.85, longitude: 2.35, place: 'Paris, France', utcOffsetMinutes: 60, timeZone: 'Europe/Paris' };
    const sent = [
      screenEvents(productKinds, flow, screen('profile-name'), 'answered', { answer: 'Ada', assignments: {} }),
      screenEvents(productKinds, flow, screen('profile-birthday'), 'answered', { answer: '1990-05-17', assignments: {} }),
      screenEvents(productKinds, flow, screen('profile-time-of-birth'), 'answered', { answer: '07:30', assignments: {} }),
      screenEvents(productKinds, flow, screen('profile-place-of-birth'), 'answered', { answer: place, assignments: {} }),
      screenEvents(productKinds, flow, screen('email'), 'answered', { answer: 'ada@example.com', assignments: { note: 'ada@example.com' } }),
    ];
    expect(sent.map((events) => events.map((e) => e.event_type))).toEqual([['Screen Answered'], ['Screen Answered'], ['Screen Answered'], ['Screen Answered'], ['Email Clicked']]);
    const text = JSON.stringify(sent);
    for (const personal of ['Ada', '1990', '07:30', 'Paris', '48.85', 'example.com']) expect(text).not.toContain(personal);
  });

  it('sends an answer only when the screen accepts it', () => {
    const [event] = screenEvents(productKinds, flow, screen('relationship-status'), 'answered', { answer: 'ada@example.com', assignments: {} });
    expect(event?.event_properties).not.toHaveProperty('answer');
  });

  it('sends the spec\'s named events on the email, access and payment screens', () => {
    const names = (id: string, moment: 'shown' | 'answered', answer?: string | string[]) =>
      screenEvents(productKinds, flow, screen(id), moment, { ...(answer !== undefined ? { answer } : {}), assignments: {} }).map((e) => e.event_type);
    expect(names('email', 'shown')).toEqual(['Email Shown']);
    expect(names('email', 'answered')).toEqual(['Email Clicked']);
    expect(names('get-access', 'shown')).toEqual(['Access Shown']);
    expect(names('get-access', 'answered')).toEqual(['Access Confirmed']);
    expect(names('payment-success', 'shown')).toEqual(['Payment Success Shown']);
    expect(names('payment-success', 'answered')).toEqual(['Payment Success Continue Clicked']);
    expect(names('payment-error', 'shown')).toEqual(['Payment Error Shown']);
    expect(names('signup-offer', 'shown')).toEqual(['Subscription Shown']);
  });

  it('sends the event of the option picked on /payment-error', () => {
    expect(screenEvents(productKinds, flow, screen('payment-error'), 'answered', { answer: 'try_again', assignments: {} })).toEqual([
      { event_type: 'Payment Error Try Again Clicked', event_properties: { screen_id: 'payment-error', step_id: 'payment-error', question_id: '5-4', ...flowProps, answer: 'try_again' } },
    ]);
    expect(screenEvents(productKinds, flow, screen('payment-error'), 'answered', { answer: 'continue', assignments: {} }).map((e) => e.event_type)).toEqual(['Payment Error Continue Clicked']);
  });

  it('tells the price pages apart by screen_id, with the chosen plan on the click only', () => {
    const plan = { id: 'prod_trial_1', price: 1, currency: 'USD' };
    expect(screenEvents(productKinds, flow, screen('sale'), 'shown', { plan, assignments: {} })).toEqual([
      { event_type: 'Select Price Shown', event_properties: { screen_id: 'sale', step_id: 'sale', question_id: '5-2', ...flowProps } },
    ]);
    expect(screenEvents(productKinds, flow, screen('select-price'), 'answered', { answer: 'prod_trial_1', plan, assignments: {} })).toEqual([
      {
        event_type: 'Select Price Clicked',
        event_properties: { screen_id: 'select-price', step_id: 'select-price', question_id: '5-1', ...flowProps, answer: 'prod_trial_1', plan_id: 'prod_trial_1', price: 1, currency: 'USD' },
      },
    ]);
  });

  it('sends "Subscribe Clicked" for offers bought and "Subscription Skipped" for none', () => {
    const [bought] = screenEvents(productKinds, flow, screen('signup-offer'), 'answered', { answer: ['birth_chart', 'love_paths'], assignments: {} });
    expect(bought).toEqual({ event_type: 'Subscribe Clicked', event_properties: { screen_id: 'signup-offer', step_id: 'signup-offer', question_id: '6-1', ...flowProps, answer: 'birth_chart,love_paths' } });
    const [skipped] = screenEvents(productKinds, flow, screen('signup-offer'), 'answered', { answer: [], assignments: {} });
    expect(skipped).toEqual({ event_type: 'Subscription Skipped', event_properties: { screen_id: 'signup-offer', step_id: 'signup-offer', question_id: '6-1', ...flowProps } });
  });

  it('sends nothing at a moment the screen has no event for', () => {
    expect(screenEvents(productKinds, flow, screen('profile-loading'), 'answered', { assignments: {} })).toEqual([]);
    expect(screenEvents(productKinds, flow, screen('signup-offer-success'), 'answered', { assignments: {} })).toEqual([]);
  });

  it('lets a screen turn an event off, and sends nothing without defaults', () => {
    const edited = structuredClone(flowJson);
    const [first] = edited.screens;
    if (first) Object.assign(first, { analytics: { shown: false } });
    Object.assign(edited, { analytics: { answered: 'Screen Answered' } });
    const quiet = validFlow(edited);
    expect(screenEvents(productKinds, quiet, screen('welcome', quiet), 'shown', { assignments: {} })).toEqual([]);
    expect(screenEvents(productKinds, quiet, screen('relationship-status', quiet), 'shown', { assignments: {} })).toEqual([]);
    expect(screenEvents(productKinds, quiet, screen('welcome', quiet), 'answered', { assignments: {} }).map((e) => e.event_type)).toEqual(['Screen Answered']);
  });
});
