// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import flowJson from '../../flows/astrology.json';
import smallFlowJson from '../../tests/fixtures/studio/small-flow.json';
import unreachableJson from '../../tests/fixtures/flows/unreachable-screen.json';
import { screenGraph } from '../engine/screen-graph';
import { diffFlows } from '../engine/flow-diff';
import { machineWays } from '../engine/test-support/machine-ways';
import type { Flow } from '../engine/generated/flow-types';
import type { DropOffTable } from '../engine/drop-off';
import { Studio, type FetchReport } from './studio';
import type { AppStart } from './persona-view';
import single from '../../flows/personas/single-unknown-time.json';
import couple from '../../flows/personas/in-relationship-cancels.json';
import { simulatePersona, readPersona } from '../domain/simulate-persona';
import { openFlow } from './open-flow';
import { edgeText, layoutGraph } from './layout';
import { productKinds } from '../engine/kinds/product-kinds';

afterEach(cleanup);

const noReport: FetchReport = () => Promise.reject(new Error('no server in this test'));

function renderStudio(data: unknown, name = 'flows/astrology.json', fetchReport: FetchReport = noReport) {
  return render(<Studio initial={{ name, opened: openFlow(data) }} openChannel={null} fetchReport={fetchReport} />);
}

function validFlow(data: unknown): Flow {
  const { flow, problems } = openFlow(data);
  if (!flow || problems.length > 0) throw new Error(`invalid flow: ${JSON.stringify(problems)}`);
  return flow;
}

/** The screens drawn (one button each) and the lines drawn (one per way between screens). */
function drawn(container: HTMLElement) {
  const nodes = [...container.querySelectorAll<HTMLButtonElement>('button[data-screen]')].map((b) => b.dataset.screen);
  const edges = [...container.querySelectorAll<SVGPathElement>('path[data-edge]')].map((p) => p.dataset.edge ?? '');
  return { nodes, edges };
}

describe.each([
  ['the real flow', flowJson, 'flows/astrology.json'],
  ['a fixture flow', smallFlowJson, 'tests/fixtures/studio/small-flow.json'],
])('the studio on %s', (_, data, name) => {
  const flow = validFlow(data);

  it('draws one node per screen and one line per transition, the same ways as the compiled machine', () => {
    const { container } = renderStudio(data, name);
    const { nodes, edges } = drawn(container);
    const machine = machineWays(flow);
    expect(nodes).toEqual(flow.screens.map((s) => s.id));
    expect(nodes).toHaveLength(machine.screens);
    expect(edges).toHaveLength(screenGraph(flow, productKinds).edges.length);
    const inFlow = new Set(flow.screens.map((s) => s.id));
    const ways = new Set(edges.filter((e) => !e.endsWith('>return') && inFlow.has(e.split('>')[1]!)));
    expect([...ways].sort()).toEqual([...machine.ways].sort());
    const returns = new Set(edges.filter((e) => e.endsWith('>return') && inFlow.has(e.split('>')[1]!)).map((e) => e.split('>')[1]));
    expect([...returns].sort()).toEqual([...machine.returns].sort());
    expect(screen.getByText(new RegExp(`${flow.screens.length} screens · ${edges.length} transitions`))).toBeTruthy();
  });

  it('names each screen by its id first, in the order of the flow, as keyboard-focusable buttons', () => {
    renderStudio(data, name);
    const buttons = within(screen.getByRole('list', { name: 'Screens' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent?.split(',')[0])).toEqual(flow.screens.map((s) => s.id));
    for (const [i, s] of flow.screens.entries()) expect(buttons[i]!.textContent!.startsWith(`${s.id}, ${s.kind} ${s.route}`)).toBe(true);
    buttons[0]!.focus();
    expect(document.activeElement).toBe(buttons[0]);
  });
});

describe('a screen selected in the studio', () => {
  it('shows its kind, route, answer key, back target, options, events and the ways in and out', () => {
    renderStudio(flowJson);
    const node = screen.getByRole('button', { name: /^profile-time-of-birth/ });
    fireEvent.click(node);
    expect(node.getAttribute('aria-pressed')).toBe('true');
    const details = screen.getByRole('complementary');
    expect(within(details).getByRole('heading', { level: 2 }).textContent).toBe('profile-time-of-birth');
    const text = details.textContent ?? '';
    expect(text).toContain('Kindtime');
    expect(text).toContain('Route/quiz/2-3');
    expect(text).toContain('Answer key2-3');
    expect(text).toContain('Backthe previous screen on the path');
    expect(text).toContain('next if 2-3 = dont_know → profile-no-problem');
    expect(text).toContain('next otherwise → profile-place-of-birth');
    expect(text).toContain('profile-zodiac-sun → next');
    expect(text).toContain('ShownScreen Shown');
    expect(text).toContain('AnsweredScreen Answered');

    fireEvent.click(screen.getByRole('button', { name: /^relationship-status/ }));
    const options = within(screen.getByRole('complementary')).getByRole('table');
    expect(within(options).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'in_relationshipsIn a relationship or married',
      'singleSingle',
      'its_complicatedIt\'s complicated',
      'recently_separatedRecently separated',
    ]);
    expect(screen.getByRole('complementary').textContent).toContain('Backpage /');

    fireEvent.click(screen.getByRole('button', { name: /^select-price/ }));
    const price = screen.getByRole('complementary').textContent ?? '';
    expect(price).toContain('EffectsloadPlans, loadRecentPurchases');
    expect(price).toContain('Submit effectstartCheckout');
    expect(price).toContain('payment cancel: flag discounts = true and not seen sale → sale');
    expect(price).toContain('ShownSelect Price Shown');
  });

  it('states a delayed back button, and follows a way to the next screen', () => {
    renderStudio(smallFlowJson, 'small-flow.json');
    fireEvent.click(screen.getByRole('button', { name: /^experience/ }));
    expect(screen.getByRole('complementary').textContent).toContain('Backthe previous screen on the path, shown after 1500 ms');
    fireEvent.click(within(screen.getByRole('complementary')).getByRole('button', { name: 'reading' }));
    expect(within(screen.getByRole('complementary')).getByRole('heading', { level: 2 }).textContent).toBe('reading');
    expect(screen.getByRole('complementary').textContent).toContain('Endthe funnel ends here');
  });
});

describe('a flow the checker refuses', () => {
  it('is still drawn, with the unreachable screen marked and the checker\'s problem listed', () => {
    renderStudio(unreachableJson, 'unreachable-screen.json');
    expect(screen.getByRole('alert').textContent).toContain('screen "personality-criticism-sensitive" cannot be reached from the start "welcome"');
    const node = screen.getByRole('button', { name: /^personality-criticism-sensitive/ });
    expect(node.textContent).toContain('⚠ unreachable');
    fireEvent.click(node);
    expect(screen.getByRole('complementary').textContent).toContain('What the checker reports');
    expect(screen.getByRole('button', { name: /^personality-being-alone/ }).textContent).not.toContain('⚠');
  });

  it('that is not JSON of a flow shows the problems and draws nothing', () => {
    renderStudio({ id: 'nothing' }, 'broken.json');
    expect(screen.getByRole('alert').textContent).toContain('This is not a flow the studio can draw');
    expect(screen.queryByRole('list', { name: 'Screens' })).toBeNull();
  });
});

describe('the studio\'s drop-off', () => {
  const table: DropOffTable = {
    flowId: 'astrology',
    flowVersion: validFlow(flowJson).version,
    variant: null,
    visitors: 10,
    rows: [
      { screenId: 'welcome', shown: 10, wentOn: 8, dropOff: 0.2, medianSeconds: 3 },
      { screenId: 'relationship-status', shown: 8, wentOn: 8, dropOff: 0, medianSeconds: 2.5 },
    ],
  };

  it('asks the server for the flow and period chosen, lists each table, and puts this version\'s numbers on the graph', async () => {
    const asked: string[] = [];
    const fetchReport: FetchReport = (flowId, query) => {
      asked.push(`${flowId} ${query.since} ${query.by}`);
      return Promise.resolve({ tables: [table], events: 18 });
    };
    renderStudio(flowJson, 'flows/astrology.json', fetchReport);
    fireEvent.click(screen.getByRole('tab', { name: 'Drop-off' }));
    const panel = screen.getByRole('tabpanel', { name: 'Drop-off' });
    expect((await within(panel).findByRole('table')).querySelector('caption')?.textContent).toMatch(/^astrology v\d+ · 10 visitors On the graph$/);
    const rows = within(panel).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(['welcome10820.0 %3.0 s', 'relationship-status880.0 %2.5 s']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Split by A/B flag' }), { target: { value: 'priceSet' } });
    await waitFor(() => expect(asked).toEqual(['astrology 7d ', 'astrology 7d priceSet']));
    // The log grows while the studio is open: the same report again, on request.
    fireEvent.click(await screen.findByRole('button', { name: 'Load again' }));
    await waitFor(() => expect(asked).toEqual(['astrology 7d ', 'astrology 7d priceSet', 'astrology 7d priceSet']));
    fireEvent.click(screen.getByRole('tab', { name: 'Graph' }));
    expect(screen.getByRole('button', { name: /^welcome/ }).textContent).toContain('shown 10, drop 20.0 %');
  });

  it('says so when the server cannot answer', async () => {
    renderStudio(flowJson);
    fireEvent.click(screen.getByRole('tab', { name: 'Drop-off' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The report could not be loaded: no server in this test');
  });
});

describe('the studio\'s diff', () => {
  it('lists what the flow in view changed from a flow file chosen, by screen id: an added screen is added', async () => {
    // The editor's edit, in view: the goal question reworded, a screen removed, a screen added.
    const edited = JSON.parse(JSON.stringify(flowJson)) as Flow;
    const goal = edited.screens.find((s) => s.id === 'relationship-goal') as { title: unknown };
    const oldTitle = goal.title;
    goal.title = 'What do you hope for?';
    edited.screens = edited.screens.filter((s) => s.id !== 'profile-no-problem');
    const time = edited.screens.find((s) => s.id === 'profile-time-of-birth')!;
    time.next = 'profile-place-of-birth';
    renderStudio(edited, 'edited.json');
    fireEvent.click(screen.getByRole('tab', { name: 'Diff' }));
    const input = screen.getByLabelText('Compare with a flow file');
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(flowJson)], 'astrology.json', { type: 'application/json' })] } });
    const expected = diffFlows(validFlow(flowJson), validFlow(edited), productKinds);
    expect(expected.length).toBeGreaterThan(2);
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(expect.arrayContaining(expected)));
    expect(screen.getByRole('heading', { name: `${expected.length} differences from astrology.json to edited.json` })).toBeTruthy();
    expect(expected).toContain(`~ screen relationship-goal title: ${JSON.stringify(oldTitle)} → "What do you hope for?"`);
    expect(expected.some((line) => line.startsWith('- screen profile-no-problem'))).toBe(true);
  });

  it('shows a screen the edit added as added', async () => {
    const added = JSON.parse(JSON.stringify(flowJson)) as Flow;
    const knows = added.screens.find((s) => s.id === 'personality-knows-want')! as { next: unknown };
    knows.next = 'personality-morning-person';
    (added.screens.find((s) => s.id === 'relationship-next-step')! as { back: unknown }).back = { to: 'previous' };
    added.screens.push({
      id: 'personality-morning-person', route: '/quiz/3-8', kind: 'single-choice', group: 'personality', answerKey: '3-8', title: 'Are you a morning person?',
      options: [{ value: 'morning', label: 'Yes' }, { value: 'night', label: 'No' }], back: { to: 'previous' }, next: 'relationship-next-step',
    } as never);
    renderStudio(added, 'edited.json');
    fireEvent.click(screen.getByRole('tab', { name: 'Diff' }));
    fireEvent.change(screen.getByLabelText('Compare with a flow file'), { target: { files: [new File([JSON.stringify(flowJson)], 'astrology.json', { type: 'application/json' })] } });
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent).some((t) => t?.startsWith('+ screen personality-morning-person'))).toBe(true));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent).some((t) => t?.startsWith('- screen personality-morning-person'))).toBe(false);
  });
});

describe('the studio\'s personas', () => {
  it('lists a persona\'s path as the simulator walks it, and opens the app at a step with the answers held there', async () => {
    const starts: AppStart[] = [];
    const personas = [
      { file: 'in-relationship-cancels.json', data: couple },
      { file: 'single-unknown-time.json', data: single },
    ];
    render(
      <Studio
        initial={{ name: 'flows/astrology.json', opened: openFlow(flowJson) }}
        openChannel={null}
        fetchReport={noReport}
        personas={personas}
        openApp={(start) => {
          starts.push(start);
          return Promise.resolve();
        }}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Personas' }));
    const flow = validFlow(flowJson);
    const expected = await simulatePersona(flow, productKinds, readPersona(couple, 'couple'));
    const path = await screen.findByRole('list', { name: 'Path' });
    const items = () => within(screen.getByRole('list', { name: 'Path' })).getAllByRole('listitem');
    expect(items().map((li) => li.textContent?.split(' ')[0])).toEqual(expected.steps.map((s) => s.screen));
    expect(path.textContent).toContain('select-price /select-price: answers "mxp_astrelle_trial_1_2900_live" → redirected; on the hosted payment page: cancel, back to sale');
    expect(screen.getByRole('status').textContent).toBe('Stopped at sale, as the persona asks.');
    expect(screen.getByText('sale: ab_test (abTestId sale)')).toBeTruthy();
    expect(screen.getByText(/POST \/subs\/checkout\/sessions/)).toBeTruthy();

    // The other persona: the single visitor's path, without the partner's questions.
    fireEvent.change(screen.getByRole('combobox', { name: 'Persona' }), { target: { value: 'single-unknown-time.json' } });
    await waitFor(() => expect(items().at(-1)?.textContent?.split(' ')[0]).toBe('signup-offer-success'));
    expect(items().some((li) => li.textContent?.startsWith('relationship-partner-'))).toBe(false);

    const simulation = await simulatePersona(flow, productKinds, readPersona(single, 'single'));
    const at = simulation.steps.findIndex((s) => s.screen === 'profile-gender');
    fireEvent.click(screen.getByRole('button', { name: 'Open in the app here: profile-gender' }));
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0]).toEqual({
      flow,
      screen: 'profile-gender',
      route: '/quiz/2-5',
      answers: simulation.heldAt[at]!.answers,
      assigned: simulation.heldAt[at]!.assigned,
      seen: [],
      trail: simulation.steps.slice(0, at + 1).map((s) => s.screen),
    });
    expect(starts[0]!.answers['2-1']).toBe('Maya');
    expect(starts[0]!.answers['2-5']).toBeUndefined();
  });

  it('cannot open the app for a flow the app does not run', async () => {
    render(<Studio initial={{ name: 'flows/astrology.json', opened: openFlow(flowJson) }} openChannel={null} fetchReport={noReport} personas={[{ file: 'single-unknown-time.json', data: single }]} />);
    fireEvent.change(screen.getByLabelText('Open another flow file'), { target: { files: [new File([JSON.stringify(smallFlowJson)], 'small-flow.json', { type: 'application/json' })] } });
    await screen.findByText(/tarot/);
    fireEvent.click(screen.getByRole('tab', { name: 'Personas' }));
    // The tarot flow asks other questions: the persona's answer is no option there.
    expect((await screen.findByRole('status')).textContent).toBe('Experience refuses the answer "recharge".');
    expect(screen.getByText(/^Opening the app at a step needs the flow the app runs/).textContent).toMatch(/\(astrology version \d+\)\.$/);
    for (const button of screen.getAllByRole('button', { name: /^Open in the app here/ })) expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the studio\'s graph layout', () => {
  it('keeps every node, group box, curve and label inside the drawing, none cut off at the left edge', () => {
    const placed = layoutGraph(screenGraph(validFlow(flowJson), productKinds));
    const lefts = [...placed.nodes.map((n) => n.x), ...placed.groups.map((g) => g.x), ...placed.edges.flatMap((e) => e.points.map((p) => p.x))];
    const rights = [...placed.nodes.map((n) => n.x + n.width), ...placed.groups.map((g) => g.x + g.width), ...placed.edges.flatMap((e) => e.points.map((p) => p.x))];
    expect(Math.min(...lefts)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...rights)).toBeLessThanOrEqual(placed.width);
    for (const e of placed.edges) if (e.labelAt) expect(e.labelAt.x - (Math.min(edgeText(e.edge).length, 40) * 6.2 + 8) / 2).toBeGreaterThanOrEqual(0);
  });
});

describe('rewording in the studio', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rewords a question and an option label in place, and Versions stores the reworded flow', async () => {
    const sent: Array<{ url: string; body: string }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      sent.push({ url, body: String(init.body ?? '') });
      if (url.endsWith('/versions') && init.method === 'GET') {
        return new Response(JSON.stringify({ published: 1, versions: [{ version: 1, state: 'published', note: '', author: 'seed', createdAt: '2026-11-28T00:00:00Z', publishedAt: '2026-11-28T00:00:00Z', retiredAt: null }] }), { status: 200 });
      }
      return new Response(JSON.stringify({ flowId: 'astrology', version: 2, checksum: 'x' }), { status: 201 });
    });
    renderStudio(flowJson);
    fireEvent.click(screen.getByRole('button', { name: /^relationship-goal/ }));
    const form = within(screen.getByRole('region', { name: 'Reword' }));
    fireEvent.change(form.getByLabelText('title'), { target: { value: 'What do you hope the stars show you?' } });
    fireEvent.change(form.getByLabelText('option find_love'), { target: { value: 'Finding love, at last' } });
    fireEvent.click(form.getByRole('button', { name: 'Apply to the flow in view' }));
    expect(screen.getAllByText(/flows\/astrology\.json \(reworded\)/).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('tab', { name: 'Versions' }));
    fireEvent.change(screen.getByLabelText('Editor token'), { target: { value: 'secret-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Store as a new version' }));
    await waitFor(() => expect(sent.some((call) => call.url.startsWith('/editor/flows/astrology/versions') && call.body.length > 0)).toBe(true));
    const stored = JSON.parse(sent.find((call) => call.body.length > 0)!.body) as Flow;
    const goal = stored.screens.find((s) => s.id === 'relationship-goal') as { title: string; options: Array<{ value: string; label: string }> };
    expect(goal.title).toBe('What do you hope the stars show you?');
    expect(goal.options.find((o) => o.value === 'find_love')!.label).toBe('Finding love, at last');
    expect(await screen.findByText('Stored as version 2, not published: preview it, then publish it.')).toBeTruthy();
  });
});
