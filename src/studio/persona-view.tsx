import { JsonFilePicker } from './file-picker';
import { useEffect, useState } from 'react';
import type { Flow } from '../engine/generated/flow-types';
import { saveProgress } from '../engine/persistence';
import { personaZones, placeholderEnvironment, readPersona, simulatePersona, type Persona, type SimulatedStep, type Simulation } from '../domain/simulate-persona';
import { isZoneHistory, type ZoneHistory } from '../engine/zone-history';
import { visitorIdKey } from '../shared/visitor-id-key';
import { productKinds } from '../engine/kinds/product-kinds';
import { isPlaceAnswer, type Answers } from '../engine/answers';

/**
 * The histories of the persona's birthplace zones from this server (GET /places/zone), as the app fetches them when a
 * place is picked; a zone the server cannot give is read from the browser's own tz data.
 */
async function zoneHistoriesOf(persona: Persona): Promise<Record<string, ZoneHistory>> {
  const entries = await Promise.all(
    personaZones(persona).map(async (zone) => {
      try {
        const response = await fetch(`/places/zone?id=${encodeURIComponent(zone)}`, { headers: { accept: 'application/json' } });
        const body: unknown = response.ok ? await response.json() : null;
        return isZoneHistory(body) ? [[zone, body] as const] : [];
      } catch {
        return [];
      }
    }),
  );
  return Object.fromEntries(entries.flat());
}

/** Where "open in the app here" starts the app: the screen, the answers the app holds there, and the trail to it. */
export interface AppStart {
  flow: Flow;
  screen: string;
  route: string;
  answers: Answers;
  trail: string[];
  /** The flags the persona had been assigned there, and the screens offered once it had seen. */
  assigned: Record<string, string | boolean>;
  seen: string[];
}

/**
 * Starts the app of this origin at `start` in a new tab, as a new visitor: a session made by the subscription
 * server (its credential cookie set for this origin), the visitor's id where the app keeps it, and the progress the
 * app restores (the engine's own format: answers, trail). The email is never stored in the browser, so a screen
 * after the email screen asks for it again where it needs it.
 */
export async function openInApp(start: AppStart): Promise<void> {
  // The tab opens at the click (a browser blocks a window opened later, after the session call); the app follows.
  const tab = window.open('about:blank', '_blank');
  if (!tab) throw new Error('the browser blocked the new tab: allow pop-ups for the studio');
  try {
    const id = crypto.randomUUID();
    const response = await fetch('/subs/sessions/create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
    if (!response.ok) throw new Error(`the subscription server made no session (${response.status})`);
    window.localStorage.setItem(visitorIdKey, id);
    saveProgress(window.localStorage, start.flow, { screen: start.screen, answers: start.answers, trail: start.trail, assigned: start.assigned, seen: start.seen });
    tab.location.href = `${start.route}?usid=${encodeURIComponent(id)}`;
  } catch (error) {
    tab.close();
    throw error;
  }
}

function actionText(step: SimulatedStep): string {
  const action = step.action;
  if (!action) return 'stops here';
  if (action.type === 'NEXT') return 'goes on';
  if (action.type === 'SUBMIT_EMAIL') return 'gives the email';
  const value = action.value;
  if (isPlaceAnswer(value)) return `answers ${value.place} (UTC${value.utcOffsetMinutes >= 0 ? '+' : '−'}${Math.abs(value.utcOffsetMinutes) / 60})`;
  return `answers ${JSON.stringify(value)}`;
}

interface Props {
  flow: Flow;
  /** The flow the app of this origin runs: only then can the app be opened at a step. */
  appFlow: { id: string; version: number } | null;
  personas: ReadonlyArray<{ file: string; data: unknown }>;
  onSelectScreen: (id: string) => void;
  open: (start: AppStart) => Promise<void>;
}

/**
 * The persona simulator: a persona of flows/personas/ (or a file) walked through the flow in
 * view on the compiled machine: the path screen by screen, the plan sets shown and the requests sent with the
 * visitor's answers (what `npm run flow:simulate` prints), and a way to open the app at any step of the path.
 */
export function PersonaView({ flow, appFlow, personas, onSelectScreen, open }: Props) {
  const [chosen, setChosen] = useState<{ file: string; data: unknown } | null>(personas[0] ?? null);
  const [result, setResult] = useState<{ simulation: Simulation; persona: Persona } | { error: string } | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  useEffect(() => {
    if (!chosen) return undefined;
    let current = true;
    const run = async () => {
      try {
        const persona = readPersona(chosen.data, chosen.file);
        const simulation = await simulatePersona(flow, productKinds, persona, { ...placeholderEnvironment, zoneHistories: await zoneHistoriesOf(persona) });
        if (current) setResult({ simulation, persona });
      } catch (error) {
        if (current) setResult({ error: error instanceof Error ? error.message : String(error) });
      }
    };
    void run();
    return () => {
      current = false;
    };
  }, [chosen, flow]);

  const pick = async (file: File) => {
    try {
      setChosen({ file: file.name, data: JSON.parse(await file.text()) as unknown });
    } catch (error) {
      setResult({ error: `${file.name}: not JSON: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
  const sameFlow = appFlow !== null && appFlow.id === flow.id && appFlow.version === flow.version;

  return (
    <section aria-labelledby="personas-heading" className="panel">
      <h2 id="personas-heading">Personas</h2>
      <p>
        A persona walked through this flow on the compiled machine: the path, the plan sets shown and the requests its answers send, built by the app&apos;s own
        payload builders. The same as <code>npm run flow:simulate -- NAME</code>. What only a browser knows is a placeholder: {'{usid}'}, {'{userAgent}'},{' '}
        {'{browserTimeZone}'}, {'{orderId}'}.
      </p>
      <div className="report-query">
        <label>
          Persona
          <select
            value={personas.some((p) => p.file === chosen?.file) ? chosen?.file : ''}
            onChange={(e) => setChosen(personas.find((p) => p.file === e.currentTarget.value) ?? null)}
          >
            {personas.some((p) => p.file === chosen?.file) ? null : <option value="">(a file)</option>}
            {personas.map((p) => (
              <option key={p.file} value={p.file}>
                {p.file}
              </option>
            ))}
          </select>
        </label>
        <JsonFilePicker label="Or a persona file" onFile={(file) => void pick(file)} />
      </div>
      {result && 'error' in result ? <p role="alert">{result.error}</p> : null}
      {result && 'simulation' in result ? (
        <>
          <h3>
            {result.persona.name}: {result.simulation.steps.length} screens
          </h3>
          {result.persona.description ? <p>{result.persona.description}</p> : null}
          <p role="status">{result.simulation.stopped[0]?.toUpperCase() + result.simulation.stopped.slice(1)}.</p>
          {sameFlow ? null : <p>Opening the app at a step needs the flow the app runs ({appFlow ? `${appFlow.id} version ${appFlow.version}` : 'none'}).</p>}
          <ol className="persona-path" aria-label="Path">
            {result.simulation.steps.map((step, i) => (
              <li key={i}>
                <button type="button" className="link" onClick={() => onSelectScreen(step.screen)}>
                  {step.screen}
                </button>{' '}
                <code>{step.route}</code>: {actionText(step)}
                {step.outcome ? ` → ${step.outcome}` : ''}
                {step.payment ? `; on the hosted payment page: ${step.payment.result}, back to ${step.payment.returnsTo}` : ''}{' '}
                <button
                  type="button"
                  disabled={!sameFlow || opening !== null}
                  aria-label={`Open in the app here: ${step.screen}`}
                  onClick={() => {
                    setOpening(step.screen);
                    const trail = [...new Set(result.simulation.steps.slice(0, i + 1).map((s) => s.screen))];
                    const held = result.simulation.heldAt[i] ?? { answers: {}, assigned: {}, seen: [] };
                    open({ flow, screen: step.screen, route: step.route, answers: held.answers, assigned: held.assigned, seen: held.seen, trail })
                      .catch((error: unknown) => setResult({ error: `Could not open the app: ${error instanceof Error ? error.message : String(error)}` }))
                      .finally(() => setOpening(null));
                  }}
                >
                  Open in the app here
                </button>
              </li>
            ))}
          </ol>
          <h3>Plan sets shown</h3>
          {result.simulation.planSets.length === 0 ? <p>No price screen on this path.</p> : null}
          <ul>
            {result.simulation.planSets.map(({ screen, planSet }, i) => (
              <li key={i}>
                {screen}: {planSet.groups.join(', ')}
                {planSet.abTestId ? ` (abTestId ${planSet.abTestId})` : ''}
              </li>
            ))}
          </ul>
          <h3>Requests with the visitor&apos;s answers ({result.simulation.requests.length})</h3>
          <ul className="requests">
            {result.simulation.requests.map((request, i) => (
              <li key={i}>
                <code>
                  {request.method} {request.path}
                  {request.query ? `?${new URLSearchParams(request.query).toString()}` : ''}
                </code>{' '}
                ({request.effect} on {request.screen})
                {request.body !== undefined ? <pre>{JSON.stringify(request.body, null, 2)}</pre> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
