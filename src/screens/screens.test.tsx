// @vitest-environment jsdom
import { describe, it, expect, vi, afterEach } from 'vitest';
import { act, cleanup, fireEvent, screen as dom, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunnelEvent } from '../engine/compile-flow';
import type { Answers, PlaceAnswer } from '../engine/answers';
import { isPlaceAnswer, latestBirthDate, todayIso } from '../engine/answers';
import { createActor } from 'xstate';
import { compileFlow, restoreSnapshot } from '../engine/compile-flow';
import { defaultFlags } from '../engine/flow-graph';
import { pendingEffects } from '../engine/test-support/pending-effects';
import { productKinds } from '../engine/kinds/product-kinds';
import type { PlaceSuggestion } from '../shared/place-suggestion';
import type { ScreenServices } from './services-context';
import type { ZoneHistory } from '../engine/zone-history';
import { zoneHistory } from '../../server/test-support/zone-histories';
import { SingleChoiceScreen } from './single-choice/single-choice-screen';
import { MultipleChoiceScreen } from './multiple-choice/multiple-choice-screen';
import { TextScreen } from './text/text-screen';
import { DateScreen } from './date/date-screen';
import { TimeScreen } from './time/time-screen';
import { PlaceScreen } from './place/place-screen';
import { InterstitialScreen } from './interstitial/interstitial-screen';
import { LoadingScreen } from './loading/loading-screen';
import { ScreenShownContext } from './screen-shown';
import { EmailScreen } from './email/email-screen';
import { WelcomeScreen } from './welcome/welcome-screen';
import { astrologyFlow, astrologyFlowData, renderWithProviders, screenOf, validFlow } from './test-utils';
import { textFor } from '../engine/text-variants';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const flow = astrologyFlow();

function sender() {
  return vi.fn<(event: FunnelEvent) => void>();
}

describe('single-choice screen (1-1)', () => {
  const screen = screenOf(flow, 'relationship-status', 'single-choice');

  it('sends the tapped option as the answer with one tap', async () => {
    const send = sender();
    renderWithProviders(<SingleChoiceScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} />);
    await userEvent.setup().click(dom.getByRole('button', { name: /In a relationship or married/ }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: 'in_relationships' });
  });

  it('shows every option of the flow as a button under the question heading', () => {
    renderWithProviders(<SingleChoiceScreen screen={screen} answers={{}} answer={undefined} send={sender()} email={null} />);
    expect(dom.getByRole('heading', { name: textFor(screen.title) })).toBeTruthy();
    const list = dom.getByRole('list', { name: textFor(screen.title) });
    expect(within(list).getAllByRole('button')).toHaveLength(screen.options.length);
  });

  it('marks the previous answer as pressed and no other option', () => {
    renderWithProviders(<SingleChoiceScreen screen={screen} answers={{ '1-1': 'single' }} answer="single" send={sender()} email={null} />);
    expect(dom.getByRole('button', { name: /Single/ }).getAttribute('aria-pressed')).toBe('true');
    expect(dom.getByRole('button', { name: /In a relationship or married/ }).getAttribute('aria-pressed')).toBe('false');
    expect(dom.getAllByRole('button', { pressed: true })).toHaveLength(1);
  });

  it('renders flow text literally, never as HTML', () => {
    const data = astrologyFlowData();
    const target = data.screens.find((s) => s.id === 'relationship-status');
    if (!target) throw new Error('relationship-status missing');
    const payload = '<img src=x onerror=alert(1)>';
    target.title = payload;
    const hostile = screenOf(validFlow(data), 'relationship-status', 'single-choice');
    const { container } = renderWithProviders(<SingleChoiceScreen screen={hostile} answers={{}} answer={undefined} send={sender()} email={null} />);
    expect(container.querySelector('img')).toBeNull();
    expect(dom.getByRole('heading', { name: payload }).textContent).toBe(payload);
  });
});

describe('multiple-choice screen (3-5)', () => {
  const screen = screenOf(flow, 'personality-most-important', 'multiple-choice');
  const renderIt = (send = sender(), answer?: string[]) => {
    renderWithProviders(<MultipleChoiceScreen screen={screen} answers={{}} answer={answer} send={send} email={null} />);
    return { send, user: userEvent.setup() };
  };

  it('shows the too-few message in an alert and sends nothing when nothing is picked', async () => {
    const { send, user } = renderIt();
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.tooFew);
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a tick past maxSelected at the tap, with the flow\'s message, and keeps the ones already ticked', async () => {
    expect(screen.maxSelected).toBe(3);
    const { send, user } = renderIt();
    for (const name of [/Love and romance/, /Career and purpose/, /Family/]) await user.click(dom.getByRole('checkbox', { name }));
    expect(dom.queryByRole('alert')).toBeNull();
    const fourth = dom.getByRole<HTMLInputElement>('checkbox', { name: /Friendship/ });
    await user.click(fourth);
    expect(fourth.checked).toBe(false);
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.tooMany);
    expect(dom.getAllByRole<HTMLInputElement>('checkbox').filter((box) => box.checked)).toHaveLength(3);
    // Unticking one makes room again, and the message goes.
    await user.click(dom.getByRole('checkbox', { name: /Family/ }));
    expect(dom.queryByRole('alert')).toBeNull();
    await user.click(fourth);
    expect(fourth.checked).toBe(true);
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: ['love', 'career', 'friendship'] });
  });

  it('still refuses more than maxSelected on submit (a previous answer from a longer list)', async () => {
    const send = sender();
    renderWithProviders(<MultipleChoiceScreen screen={screen} answers={{}} answer={['love', 'career', 'family', 'health']} send={send} email={null} />);
    await userEvent.setup().click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.tooMany);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the picked values in the order they were clicked', async () => {
    const { send, user } = renderIt();
    await user.click(dom.getByRole('checkbox', { name: /Family/ }));
    await user.click(dom.getByRole('checkbox', { name: /Love and romance/ }));
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.queryByRole('alert')).toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: ['family', 'love'] });
  });

  it('clears the message once the visitor changes the selection, and unticking removes a value', async () => {
    const { send, user } = renderIt();
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert')).toBeTruthy();
    await user.click(dom.getByRole('checkbox', { name: /Health and wellbeing/ }));
    expect(dom.queryByRole('alert')).toBeNull();
    await user.click(dom.getByRole('checkbox', { name: /Career and purpose/ }));
    await user.click(dom.getByRole('checkbox', { name: /Health and wellbeing/ }));
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: ['career'] });
  });

  it('ticks the previous answer when the visitor comes back', () => {
    renderIt(sender(), ['money', 'growth']);
    expect(dom.getByRole<HTMLInputElement>('checkbox', { name: /Financial security/ }).checked).toBe(true);
    expect(dom.getByRole<HTMLInputElement>('checkbox', { name: /Personal growth/ }).checked).toBe(true);
    expect(dom.getByRole<HTMLInputElement>('checkbox', { name: /Family/ }).checked).toBe(false);
  });
});

describe('text screen (2-1)', () => {
  const screen = screenOf(flow, 'profile-name', 'text');
  const renderIt = (answer?: string) => {
    const send = sender();
    renderWithProviders(<TextScreen screen={screen} answers={{}} answer={answer} send={send} email={null} />);
    return { send, user: userEvent.setup(), input: dom.getByLabelText<HTMLInputElement>(screen.label) };
  };

  it('shows the required message, marks the input invalid and sends nothing when the name is empty', async () => {
    const { send, user, input } = renderIt();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.click(dom.getByRole('button', { name: screen.cta }));
    const alert = dom.getByRole('alert');
    expect(alert.textContent).toBe(screen.messages.required);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(send).not.toHaveBeenCalled();
  });

  it('treats a name of only spaces as empty', async () => {
    const { send, user, input } = renderIt();
    await user.type(input, '    ');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.required);
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the too-long message for 41 characters', async () => {
    const { send, user, input } = renderIt();
    await user.type(input, 'a'.repeat(41));
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.tooLong);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the trimmed name', async () => {
    const { send, user, input } = renderIt();
    await user.type(input, '  Maya ');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: 'Maya' });
    expect(dom.queryByRole('alert')).toBeNull();
  });

  it('submits with the Enter key too', async () => {
    const { send, user, input } = renderIt();
    await user.type(input, 'Maya{Enter}');
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: 'Maya' });
  });

  it('is pre-filled with the previous answer', async () => {
    const { send, user, input } = renderIt('Maya');
    expect(input.value).toBe('Maya');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: 'Maya' });
  });

  it('clears the message as soon as the visitor types', async () => {
    const { user, input } = renderIt();
    await user.click(dom.getByRole('button', { name: screen.cta }));
    await user.type(input, 'M');
    expect(dom.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('date screen (2-2)', () => {
  const screen = screenOf(flow, 'profile-birthday', 'date');
  const renderIt = (answer?: string) => {
    const send = sender();
    renderWithProviders(<DateScreen screen={screen} answers={{}} answer={answer} send={send} email={null} />);
    const input = dom.getByLabelText<HTMLInputElement>(screen.label);
    const enter = (value: string) => fireEvent.change(input, { target: { value } });
    return { send, user: userEvent.setup(), input, enter };
  };

  it('limits the picker from the flow minimum date to today', () => {
    const { input } = renderIt();
    expect(input.type).toBe('date');
    expect(input.getAttribute('min')).toBe('1900-01-01');
    expect(input.getAttribute('max')).toBe(todayIso());
  });

  it('shows the required message when no date is entered', async () => {
    const { send, user } = renderIt();
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.required);
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a date in the future with the future message', async () => {
    const { send, user, input, enter } = renderIt();
    enter('2999-01-01');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.future);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a date before 1900 with the too-early message', async () => {
    const { send, user, enter } = renderIt();
    enter('1899-12-31');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.tooEarly);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a valid birth date', async () => {
    const { send, user, enter } = renderIt();
    enter('1990-05-17');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: '1990-05-17' });
    expect(dom.queryByRole('alert')).toBeNull();
  });

  it('accepts the first allowed day and the latest birth date of an 18-year-old', async () => {
    const { send, user, enter } = renderIt();
    enter('1900-01-01');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    enter(latestBirthDate(18));
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(send.mock.calls).toEqual([[{ type: 'ANSWER', value: '1900-01-01' }], [{ type: 'ANSWER', value: latestBirthDate(18) }]]);
  });

  it('refuses a visitor under 18 with a kind message, keeping the date they typed, and lets them correct it', async () => {
    const { send, user, input, enter } = renderIt();
    const seventeen = latestBirthDate(17);
    enter(seventeen);
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(screen.minAge).toBe(18);
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.tooYoung);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe(seventeen);
    expect(send).not.toHaveBeenCalled();
    enter('1990-05-17');
    expect(dom.queryByRole('alert')).toBeNull();
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'ANSWER', value: '1990-05-17' });
  });

  it('is pre-filled with the previous answer', () => {
    const { input } = renderIt('1990-05-17');
    expect(input.value).toBe('1990-05-17');
  });
});

describe('time screen (2-3)', () => {
  const screen = screenOf(flow, 'profile-time-of-birth', 'time');
  const renderIt = (answer?: string) => {
    const send = sender();
    renderWithProviders(<TimeScreen screen={screen} answers={{}} answer={answer} send={send} email={null} />);
    return { send, user: userEvent.setup(), input: dom.getByLabelText<HTMLInputElement>(screen.label) };
  };

  it("sends the flow's don't-know value from the I don't know button", async () => {
    const { send, user } = renderIt();
    await user.click(dom.getByRole('button', { name: screen.dontKnow.label }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: 'dont_know' });
  });

  it('shows the required message and sends nothing when no time is entered', async () => {
    const { send, user, input } = renderIt();
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.required);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the entered time', async () => {
    const { send, user, input } = renderIt();
    fireEvent.change(input, { target: { value: '10:30' } });
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', value: '10:30' });
  });

  it("pre-fills a known time, and marks I don't know as pressed when that was the answer", () => {
    const { input } = renderIt('08:15');
    expect(input.value).toBe('08:15');
    expect(dom.getByRole('button', { name: screen.dontKnow.label }).getAttribute('aria-pressed')).toBe('false');
    cleanup();
    const second = renderIt('dont_know');
    expect(second.input.value).toBe('');
    expect(dom.getByRole('button', { name: screen.dontKnow.label }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('place screen (2-4)', () => {
  const screen = screenOf(flow, 'profile-place-of-birth', 'place');
  const london: PlaceSuggestion = { id: 'london', label: 'London, United Kingdom', latitude: 51.50853, longitude: -0.12574, timeZone: 'Europe/London' };
  const londonOntario: PlaceSuggestion = {
    id: 'london-on',
    label: 'London, Ontario, Canada',
    latitude: 42.98339,
    longitude: -81.23304,
    timeZone: 'America/Toronto',
  };

  /** The server's histories, as GET /places/zone answers them. */
  const serverHistory = async (zone: string) => {
    const history = zoneHistory(zone);
    if (!history) throw new Error(`no zone ${zone}`);
    return history;
  };

  function servicesWith(search: (query: string, signal: AbortSignal) => Promise<PlaceSuggestion[]>, histories: (zone: string) => Promise<ZoneHistory> = serverHistory) {
    const searchPlaces = vi.fn(search);
    const zoneHistories = vi.fn(histories);
    const services: ScreenServices = { searchPlaces, zoneHistory: zoneHistories };
    return { services, searchPlaces, zoneHistories };
  }

  // The answers of the screen rendered last: what the funnel keeps for a place depends on them.
  let renderedWith: Answers = {};
  const renderIt = (answers: Answers, services: ScreenServices, answer?: PlaceAnswer) => {
    renderedWith = answers;
    const send = sender();
    renderWithProviders(<PlaceScreen screen={screen} answers={answers} answer={answer} send={send} email={null} />, { services });
    return { send, user: userEvent.setup(), input: dom.getByRole<HTMLInputElement>('combobox', { name: screen.label }) };
  };

  /**
   * The place the funnel keeps for what the screen sent (the pick waits for the zone's history, so it comes a moment
   * after the tap): the screen sends the pick and its zone, and the machine computes the UTC offset in force at the
   * birth moment as it keeps the answer.
   */
  const sentPlace = async (send: ReturnType<typeof sender>): Promise<PlaceAnswer> => {
    await waitFor(() => expect(send).toHaveBeenCalled());
    const event = send.mock.calls[0]?.[0];
    if (!event || event.type !== 'ANSWER' || typeof event.value !== 'object' || Array.isArray(event.value))
      throw new Error(`no place answer sent: ${JSON.stringify(event)}`);
    const machine = compileFlow(flow, { kinds: productKinds, effects: pendingEffects(flow) });
    const actor = createActor(machine, { snapshot: restoreSnapshot(machine, { screen: screen.id, answers: renderedWith, trail: [flow.start, screen.id] }, defaultFlags(flow)) }).start();
    actor.send(event);
    const kept = actor.getSnapshot().context.answers[screen.answerKey];
    if (!isPlaceAnswer(kept)) throw new Error(`the funnel kept no place for ${JSON.stringify(event.value)}`);
    return kept;
  };

  it('searches as the visitor types, each letter at once, and lists the suggestions for what is typed', async () => {
    const { services, searchPlaces } = servicesWith(async () => [london, londonOntario]);
    const { input } = renderIt({ '2-2': '1990-05-17', '2-3': '10:30' }, services);
    // A visitor's pace, a letter every 30 ms (still faster than anyone types on a phone): each letter's suggestions
    // arrive before the next letter.
    await userEvent.setup({ delay: 30 }).type(input, 'Lon');
    const listbox = await dom.findByRole('listbox', { name: screen.label });
    await waitFor(() => expect(searchPlaces.mock.calls.map((call) => call[0])).toEqual(['L', 'Lo', 'Lon']));
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([london.label, londonOntario.label]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('starts the search with the keystroke itself, not in a task after the letter is painted', () => {
    const { services, searchPlaces } = servicesWith(async () => [london]);
    const { input } = renderIt({}, services);
    fireEvent.change(input, { target: { value: 'L' } });
    // No timer has run, nor a frame: the request is already on its way.
    expect(searchPlaces.mock.calls.map((call) => call[0])).toEqual(['L']);
  });

  it('aborts the search of the letters before: an older answer arriving late never replaces the newer one', async () => {
    let answerFirst: (found: PlaceSuggestion[]) => void = () => undefined;
    const { services, searchPlaces } = servicesWith((query) =>
      query === 'L' ? new Promise<PlaceSuggestion[]>((resolve) => (answerFirst = resolve)) : Promise.resolve([londonOntario]),
    );
    const { user, input } = renderIt({}, services);
    await user.type(input, 'Lo');
    await dom.findByRole('option', { name: londonOntario.label });
    expect(searchPlaces.mock.calls[0]?.[1].aborted).toBe(true);
    answerFirst([london]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dom.getAllByRole('option').map((o) => o.textContent)).toEqual([londonOntario.label]);
  });

  it('sends the chosen place with the UTC offset in force at the birth date and time (summer time)', async () => {
    const { services } = servicesWith(async () => [london, londonOntario]);
    const { send, user, input } = renderIt({ '2-2': '1990-05-17', '2-3': '10:30' }, services);
    await user.type(input, 'Lon');
    await user.click(await dom.findByRole('option', { name: london.label }));
    expect(await sentPlace(send)).toEqual({
      latitude: london.latitude,
      longitude: london.longitude,
      place: london.label,
      utcOffsetMinutes: 60,
      timeZone: 'Europe/London',
      zoneHistory: zoneHistory('Europe/London'),
    });
    expect(send).toHaveBeenCalledTimes(1);
    // The screen sends the pick and its zone; the offset is the machine's to compute.
    expect(send.mock.calls[0]?.[0]).toEqual({ type: 'ANSWER', value: expect.not.objectContaining({ utcOffsetMinutes: expect.anything() }) });
  });

  it('computes the offset from the zone\'s history in the tz database, which the browsers\' own data lacks (Amsterdam, 1930)', async () => {
    const amsterdam: PlaceSuggestion = { id: 'ams', label: 'Amsterdam, North Holland, Netherlands', latitude: 52.37403, longitude: 4.88969, timeZone: 'Europe/Amsterdam' };
    // Whether the suggestions were already shown when each zone was asked for: their paint comes first.
    const shownWhenAsked: boolean[] = [];
    const { services, zoneHistories } = servicesWith(async () => [amsterdam], (zone) => {
      shownWhenAsked.push(dom.queryByRole('option', { name: amsterdam.label }) !== null);
      return serverHistory(zone);
    });
    const { send, user, input } = renderIt({ '2-2': '1930-07-01', '2-3': '12:00' }, services);
    await user.type(input, 'Ams');
    const option = await dom.findByRole('option', { name: amsterdam.label });
    // Asked for once the suggestions are shown, before any tap (the app's client keeps one answer per zone).
    await waitFor(() => expect(new Set(zoneHistories.mock.calls.map((call) => call[0]))).toEqual(new Set(['Europe/Amsterdam'])));
    expect(shownWhenAsked.length).toBeGreaterThan(0);
    expect(shownWhenAsked.every(Boolean)).toBe(true);
    await user.click(option);
    // +1:19:32 that summer (Amsterdam's own history, in the backzone data), rounded to the minute; Intl says +1:00.
    const sent = await sentPlace(send);
    expect(sent.utcOffsetMinutes).toBe(80);
    expect(sent.zoneHistory?.zone).toBe('Europe/Amsterdam');
  });

  it('falls back on the browser\'s own tz data when the zone\'s history cannot be had, and says so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { services } = servicesWith(async () => [london], () => Promise.reject(new Error('offline')));
    const { send, user, input } = renderIt({ '2-2': '1990-05-17', '2-3': '10:30' }, services);
    await user.type(input, 'Lon');
    await user.click(await dom.findByRole('option', { name: london.label }));
    const sent = await sentPlace(send);
    expect(sent).toMatchObject({ utcOffsetMinutes: 60, timeZone: 'Europe/London' });
    expect(sent.zoneHistory).toBeUndefined();
    expect(warn).toHaveBeenCalledWith("cannot get the time-zone history of Europe/London: the browser's own time-zone data is used");
    warn.mockRestore();
  });

  it('sends nothing when the screen is left while the zone\'s history is on its way', async () => {
    let arrive: (history: ZoneHistory) => void = () => undefined;
    const { services } = servicesWith(async () => [london], () => new Promise<ZoneHistory>((resolve) => (arrive = resolve)));
    const { send, user, input } = renderIt({ '2-2': '1990-05-17', '2-3': '10:30' }, services);
    await user.type(input, 'Lon');
    await user.click(await dom.findByRole('option', { name: london.label }));
    cleanup();
    arrive(zoneHistory('Europe/London')!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(send).not.toHaveBeenCalled();
  });

  it('computes the winter offset for a January birth date', async () => {
    const { services } = servicesWith(async () => [london]);
    const { send, user, input } = renderIt({ '2-2': '1990-01-17', '2-3': '10:30' }, services);
    await user.type(input, 'Lon');
    await user.click(await dom.findByRole('option', { name: london.label }));
    expect((await sentPlace(send)).utcOffsetMinutes).toBe(0);
  });

  it("uses 12:00 when the birth time is don't know", async () => {
    // On 1990-03-25 the UK moved to summer time at 01:00: 00:30 was GMT (0), noon was BST (60).
    const { services } = servicesWith(async () => [london]);
    const first = renderIt({ '2-2': '1990-03-25', '2-3': 'dont_know' }, services);
    await first.user.type(first.input, 'Lon');
    await first.user.click(await dom.findByRole('option', { name: london.label }));
    expect((await sentPlace(first.send)).utcOffsetMinutes).toBe(60);
    cleanup();

    const second = renderIt({ '2-2': '1990-03-25', '2-3': '00:30' }, services);
    await second.user.type(second.input, 'Lon');
    await second.user.click(await dom.findByRole('option', { name: london.label }));
    expect((await sentPlace(second.send)).utcOffsetMinutes).toBe(0);
  });

  it('picks the active option with ArrowDown and Enter', async () => {
    const { services } = servicesWith(async () => [london, londonOntario]);
    const { send, user, input } = renderIt({ '2-2': '1990-01-17', '2-3': '10:30' }, services);
    await user.type(input, 'Lon');
    await dom.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = dom.getByRole('option', { name: londonOntario.label });
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    await user.keyboard('{Enter}');
    expect(await sentPlace(send)).toMatchObject({ place: londonOntario.label, timeZone: 'America/Toronto', utcOffsetMinutes: -300 });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('says the place is unavailable, and sends nothing, when this browser cannot read its zone and no history came', async () => {
    const nowhere: PlaceSuggestion = { id: 'nowhere', label: 'Nowhere, Atlantis', latitude: 10, longitude: 10, timeZone: 'Nowhere/Unknown' };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { services } = servicesWith(async () => [nowhere], () => Promise.reject(new Error('offline')));
    const { send, user, input } = renderIt({ '2-2': '1990-05-17', '2-3': '10:30' }, services);
    await user.type(input, 'Now');
    await user.click(await dom.findByRole('option', { name: nowhere.label }));
    expect((await dom.findByRole('alert')).textContent).toBe(screen.messages.unavailable);
    expect(send).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('shows the no-match message when the search finds nothing', async () => {
    const { services } = servicesWith(async () => []);
    const { send, user, input } = renderIt({}, services);
    await user.type(input, 'Xyzzy');
    expect((await dom.findByRole('alert')).textContent).toBe(screen.messages.noMatch);
    expect(dom.queryByRole('listbox')).toBeNull();
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.noMatch);
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the unavailable message when the search fails', async () => {
    const { services } = servicesWith(() => Promise.reject(new Error('offline')));
    const { send, user, input } = renderIt({}, services);
    await user.type(input, 'Lon');
    expect((await dom.findByRole('alert')).textContent).toBe(screen.messages.unavailable);
    expect(send).not.toHaveBeenCalled();
  });

  it('hides the earlier suggestions when a later search fails', async () => {
    let fail = false;
    const { services } = servicesWith(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve([london])));
    const { send, user, input } = renderIt({}, services);
    await user.type(input, 'Lon');
    await dom.findByRole('option', { name: london.label });
    fail = true;
    await user.type(input, 'dres');
    expect((await dom.findByRole('alert')).textContent).toBe(screen.messages.unavailable);
    expect(dom.queryByRole('option')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('does not search again for the label of the place just chosen', async () => {
    const { services, searchPlaces } = servicesWith(async () => [london]);
    const { user, input } = renderIt({}, services);
    await user.type(input, 'Lon');
    const typed = searchPlaces.mock.calls.length;
    await user.click(await dom.findByRole('option', { name: london.label }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searchPlaces).toHaveBeenCalledTimes(typed);
  });

  it('asks the visitor to pick from the list when they continue without choosing', async () => {
    const { services } = servicesWith(async () => [london]);
    const { send, user, input } = renderIt({}, services);
    await user.type(input, 'Lon');
    await dom.findByRole('listbox');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.pick);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the required message when nothing is typed', async () => {
    const { services, searchPlaces } = servicesWith(async () => [london]);
    const { send, user } = renderIt({}, services);
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.required);
    expect(send).not.toHaveBeenCalled();
    expect(searchPlaces).not.toHaveBeenCalled();
  });

  it('keeps a previous place without searching and recomputes its offset for the current birth date', async () => {
    const { services, searchPlaces } = servicesWith(async () => [london]);
    const previous: PlaceAnswer = {
      latitude: london.latitude,
      longitude: london.longitude,
      place: london.label,
      utcOffsetMinutes: 60,
      timeZone: 'Europe/London',
    };
    const { send, user, input } = renderIt({ '2-2': '1990-01-17', '2-3': '10:30' }, services, previous);
    expect(input.value).toBe(london.label);
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(await sentPlace(send)).toEqual({ ...previous, utcOffsetMinutes: 0 });
    expect(searchPlaces).not.toHaveBeenCalled();
  });
});

describe('interstitial screens', () => {
  it('greets the visitor by name with the Sun sign of their birth date, and Continue sends NEXT', async () => {
    const screen = screenOf(flow, 'profile-zodiac-sun', 'interstitial');
    const send = sender();
    const answers = { [flow.profile.name]: 'Maya', [flow.profile.birthDate]: '1990-05-17' };
    renderWithProviders(<InterstitialScreen screen={screen} answers={answers} answer={undefined} send={send} email={null} profile={flow.profile} />);
    expect(await dom.findByRole('heading', { name: 'Maya, your Sun is in Taurus' }, { timeout: 5000 })).toBeTruthy();
    expect(dom.getByText('Sun in Taurus')).toBeTruthy();
    await userEvent.setup().click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'NEXT' });
  });

  it('drops the dangling comma when the name is missing', async () => {
    const screen = screenOf(flow, 'profile-zodiac-sun', 'interstitial');
    renderWithProviders(<InterstitialScreen screen={screen} answers={{ [flow.profile.birthDate]: '1990-05-17' }} answer={undefined} send={sender()} email={null} profile={flow.profile} />);
    expect(await dom.findByRole('heading', { name: 'Your Sun is in Taurus' }, { timeout: 5000 })).toBeTruthy();
  });

  it('reads the birth date through the flow\'s profile role, whatever its answer key', async () => {
    const screen = screenOf(flow, 'profile-zodiac-sun', 'interstitial');
    const profile = { ...flow.profile, birthDate: 'born-on' };
    renderWithProviders(<InterstitialScreen screen={screen} answers={{ 'born-on': '1990-05-17', [flow.profile.birthDate]: '1990-08-10' }} answer={undefined} send={sender()} email={null} profile={profile} />);
    expect(await dom.findByText('Sun in Taurus', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('uses the birth time for the Moon on a day it changes sign, and says both signs when the time is unknown', async () => {
    // 14 November 1948, London (GMT): the Moon entered Taurus during the day (King Charles III,
    // born 21:14, has the Moon in Taurus); before that it was in Aries, so an unknown time cannot tell.
    const screen = screenOf(flow, 'profile-zodiac-moon', 'interstitial');
    const place: PlaceAnswer = { latitude: 51.5, longitude: -0.12, place: 'London, United Kingdom', utcOffsetMinutes: 0, timeZone: 'Europe/London' };
    const show = (time: string) =>
      renderWithProviders(
        <InterstitialScreen
          screen={screen}
          answers={{ [flow.profile.birthDate]: '1948-11-14', [flow.profile.birthTime]: time, [flow.profile.birthPlace]: place }}
          answer={undefined}
          send={sender()}
          email={null}
          profile={flow.profile}
        />,
      );
    show('21:14');
    expect(await dom.findByText('Moon in Taurus')).toBeTruthy();
    cleanup();
    show('dont_know');
    expect(await dom.findByText('Moon in Aries or Taurus')).toBeTruthy();
    expect(dom.getByText('Your birth time decides which')).toBeTruthy();
    expect(dom.getByRole('heading', { name: 'Your Moon is in Aries or Taurus' })).toBeTruthy();
    expect(dom.queryByText('Moon in Aries')).toBeNull();
  });

  it('shows the Moon sign from the birth date, time and place', async () => {
    const screen = screenOf(flow, 'profile-zodiac-moon', 'interstitial');
    const place: PlaceAnswer = { latitude: 51.5, longitude: -0.12, place: 'London, United Kingdom', utcOffsetMinutes: 60, timeZone: 'Europe/London' };
    renderWithProviders(
      <InterstitialScreen
        screen={screen}
        answers={{ [flow.profile.name]: 'Maya', [flow.profile.birthDate]: '1990-05-17', [flow.profile.birthTime]: '10:30', [flow.profile.birthPlace]: place }}
        answer={undefined}
        send={sender()}
        email={null}
        profile={flow.profile}
      />,
    );
    expect(await dom.findByText(/^Moon in /)).toBeTruthy();
    expect(dom.getByText('Moon in Aquarius')).toBeTruthy();
    expect(dom.getByRole('heading', { name: 'Your Moon is in Aquarius' })).toBeTruthy();
    expect(dom.getByText(/With your Sun in Taurus and your Moon in Aquarius/)).toBeTruthy();
  });
});

describe('loading screen', () => {
  const screen = screenOf(flow, 'profile-loading', 'loading');

  it('fills the progress bar over durationMs and then sends NEXT exactly once', () => {
    vi.useFakeTimers();
    const send = sender();
    renderWithProviders(<LoadingScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} />);
    const bar = dom.getByRole('progressbar', { name: screen.title });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');

    act(() => vi.advanceTimersByTime(screen.durationMs / 2));
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    // The fill is drawn to the share announced.
    expect((bar.firstElementChild as HTMLElement).style.transform).toBe('scaleX(0.5)');
    expect(send).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(screen.durationMs / 2));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'NEXT' });

    act(() => vi.advanceTimersByTime(screen.durationMs * 2));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('kept hidden in the page (rendered ahead), waits: its time starts when it is shown, and only then does it move on', () => {
    vi.useFakeTimers();
    const send = sender();
    const ui = (shown: boolean) => (
      <ScreenShownContext.Provider value={shown}>
        <LoadingScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} />
      </ScreenShownContext.Provider>
    );
    const { rerender, container } = renderWithProviders(ui(false));
    act(() => vi.advanceTimersByTime(screen.durationMs * 2));
    expect(send).not.toHaveBeenCalled();
    const bar = () => container.querySelector('[role="progressbar"]')!;
    expect(bar().getAttribute('aria-valuenow')).toBe('0');

    rerender(ui(true));
    act(() => vi.advanceTimersByTime(screen.durationMs / 2));
    expect(bar().getAttribute('aria-valuenow')).toBe('50');
    expect(send).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(screen.durationMs / 2));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'NEXT' });
  });

  it('lists every step and marks them all done at the end', () => {
    vi.useFakeTimers();
    renderWithProviders(<LoadingScreen screen={screen} answers={{}} answer={undefined} send={sender()} email={null} />);
    for (const step of screen.steps) expect(dom.getByText(step)).toBeTruthy();
    act(() => vi.advanceTimersByTime(screen.durationMs));
    expect(dom.getAllByText('(done)')).toHaveLength(screen.steps.length);
  });
});

describe('email screen', () => {
  const screen = screenOf(flow, 'email', 'email');
  const renderIt = (email: string | null = null, shown: typeof screen = screen) => {
    const send = sender();
    renderWithProviders(<EmailScreen screen={shown} answers={{}} answer={undefined} send={send} email={email} />);
    return { send, user: userEvent.setup(), input: dom.getByLabelText<HTMLInputElement>(screen.label) };
  };

  it('shows the invalid message and sends nothing for an address without a domain', async () => {
    const { send, user, input } = renderIt();
    await user.type(input, 'maya@example');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.invalid);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the required message when empty', async () => {
    const { send, user } = renderIt();
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(dom.getByRole('alert').textContent).toBe(screen.messages.required);
    expect(send).not.toHaveBeenCalled();
  });

  it('submits a valid address', async () => {
    const { send, user, input } = renderIt();
    await user.type(input, 'maya@example.com');
    await user.click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledWith({ type: 'SUBMIT_EMAIL', email: 'maya@example.com' });
    expect(dom.queryByRole('status')).toBeNull();
  });

  it('pre-fills the held address (a visitor back from /already-subscribed) and shows no done text unless the flow has one', () => {
    const { input } = renderIt('maya@example.com');
    expect(input.value).toBe('maya@example.com');
    expect(dom.queryByRole('status')).toBeNull();
  });

  it('shows the done text once the email is held, on a flow that has one', () => {
    const { input } = renderIt('maya@example.com', { ...screen, done: 'Thank you! Your reading is on its way.' });
    expect(dom.getByRole('status').textContent).toBe('Thank you! Your reading is on its way.');
    expect(input.value).toBe('maya@example.com');
  });
});

describe('welcome screen', () => {
  const screen = screenOf(flow, 'welcome', 'welcome');

  it('sends NEXT from the call to action', async () => {
    const send = sender();
    renderWithProviders(<WelcomeScreen screen={screen} answers={{}} answer={undefined} send={send} email={null} />);
    expect(dom.getByRole('heading', { name: screen.title })).toBeTruthy();
    await userEvent.setup().click(dom.getByRole('button', { name: screen.cta }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'NEXT' });
  });

  it('links to the legal and explainer pages', () => {
    renderWithProviders(<WelcomeScreen screen={screen} answers={{}} answer={undefined} send={sender()} email={null} />);
    expect(dom.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms-of-use');
    expect(dom.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(dom.getByRole('link', { name: 'Understanding astrology' }).getAttribute('href')).toBe('/understanding-astrology');
  });
});
