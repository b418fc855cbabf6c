import type { Flow, Screen } from '../engine/generated/flow-types';
import type { FlowProblem } from '../engine/flow-problem';
import type { ScreenEdge } from '../engine/screen-graph';
import { screenEventNames } from '../engine/analytics-events';
import { submitEffectOf } from '../engine/kinds/kind-registry';
import { productKinds } from '../engine/kinds/product-kinds';
import type { DropOffRow } from '../engine/drop-off';
import { edgeWording } from './edge-wording';
import { RewordForm, type Rewording } from './reword-form';

/** Fields shown under their own headings; every other field of the screen is listed under "Texts and settings". */
const structural = new Set(['id', 'route', 'kind', 'group', 'answerKey', 'options', 'back', 'effects', 'submit', 'analytics', 'next', 'returnTo']);

/** A value as one line of plain text (React renders it as text: nothing in a flow is ever HTML). */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function backText(screen: Screen): string {
  const back = screen.back;
  if (!back) return 'none (no back button)';
  const where = back.to === 'screen' ? `screen ${back.screen ?? ''}` : back.to === 'path' ? `page ${back.path ?? ''}` : back.to === 'browser' ? "the browser's history" : 'the previous screen on the path';
  return back.delayMs ? `${where}, shown after ${back.delayMs} ms` : where;
}

interface Props {
  flow: Flow;
  screen: Screen;
  outgoing: ScreenEdge[];
  incoming: ScreenEdge[];
  problems: FlowProblem[];
  dropOff: DropOffRow | null;
  onSelect: (id: string) => void;
  inFlow: (id: string) => boolean;
  /** Rewords the screen in the flow in view; absent, no rewording. */
  onReword?: (rewording: Rewording) => void;
}

/** Everything the flow says about one screen, and how the visitor gets to and from it. */
export function ScreenDetails({ flow, screen, outgoing, incoming, problems, dropOff, onSelect, inFlow, onReword }: Props) {
  const events = screenEventNames(productKinds, flow, screen);
  const submit = submitEffectOf(productKinds, screen);
  const options = 'options' in screen && Array.isArray(screen.options) ? (screen.options as Array<{ value: string; label: string }>) : [];
  const rest = Object.entries(screen).filter(([key]) => !structural.has(key));
  const link = (id: string) =>
    inFlow(id) ? (
      <button type="button" className="link" onClick={() => onSelect(id)}>
        {id}
      </button>
    ) : (
      <code>{id}</code>
    );
  return (
    <div className="details-body">
      <dl className="facts">
        <dt>Kind</dt>
        <dd>{screen.kind}</dd>
        <dt>Route</dt>
        <dd>
          <code>{screen.route}</code>
        </dd>
        <dt>Page group</dt>
        <dd>{screen.group}</dd>
        <dt>Answer key</dt>
        <dd>{'answerKey' in screen && screen.answerKey ? <code>{screen.answerKey}</code> : 'none (asks nothing)'}</dd>
        <dt>Back</dt>
        <dd>{backText(screen)}</dd>
        <dt>Effects</dt>
        <dd>{screen.effects?.length ? screen.effects.join(', ') : 'none'}</dd>
        <dt>Submit effect</dt>
        <dd>{submit ?? 'none'}</dd>
        {screen.end === true ? (
          <>
            <dt>End</dt>
            <dd>the funnel ends here</dd>
          </>
        ) : null}
      </dl>

      {problems.length > 0 ? (
        <section aria-labelledby="details-problems">
          <h3 id="details-problems">What the checker reports</h3>
          <ul className="problems">
            {problems.map((p) => (
              <li key={`${p.pointer} ${p.message}`}>
                <code>{p.pointer}</code> {p.message}; {p.hint}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {dropOff ? (
        <section aria-labelledby="details-drop-off">
          <h3 id="details-drop-off">Drop-off</h3>
          <p>
            Shown to {dropOff.shown}, went on {dropOff.wentOn}
            {dropOff.dropOff !== null ? `, drop-off ${(dropOff.dropOff * 100).toFixed(1)} %` : ''}
            {dropOff.medianSeconds !== null ? `, median ${dropOff.medianSeconds.toFixed(1)} s on the screen` : ''}
          </p>
        </section>
      ) : null}

      <section aria-labelledby="details-out">
        <h3 id="details-out">Ways out ({outgoing.length})</h3>
        {outgoing.length === 0 ? <p>None.</p> : null}
        <ul className="ways">
          {outgoing.map((edge, i) => (
            <li key={i}>
              {edgeWording(edge)} → {link(edge.to)}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="details-in">
        <h3 id="details-in">Ways in ({incoming.length})</h3>
        {incoming.length === 0 ? <p>None{flow.start === screen.id ? ': the funnel starts here' : ''}.</p> : null}
        <ul className="ways">
          {incoming.map((edge, i) => (
            <li key={i}>
              {link(edge.from)} → {edgeWording(edge)}
            </li>
          ))}
        </ul>
      </section>

      {options.length > 0 ? (
        <section aria-labelledby="details-options">
          <h3 id="details-options">Options ({options.length})</h3>
          <table>
            <thead>
              <tr>
                <th scope="col">Value</th>
                <th scope="col">Label</th>
              </tr>
            </thead>
            <tbody>
              {options.map((o) => (
                <tr key={o.value}>
                  <td>
                    <code>{o.value}</code>
                  </td>
                  <td>{asText(o.label)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <section aria-labelledby="details-events">
        <h3 id="details-events">Analytics events</h3>
        <dl className="facts">
          <div className="pair">
            <dt>Shown</dt>
            <dd>{events.shown ?? 'none'}</dd>
          </div>
          <div className="pair">
            <dt>Answered</dt>
            <dd>{events.answered ?? 'none'}</dd>
          </div>
          {Object.entries(events.answeredAs).map(([value, name]) => (
            <div key={value} className="pair">
              <dt>
                Answered <code>{value}</code>
              </dt>
              <dd>{name}</dd>
            </div>
          ))}
          {events.skipped ? (
            <div className="pair">
              <dt>Skipped</dt>
              <dd>{events.skipped}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      {rest.length > 0 ? (
        <section aria-labelledby="details-texts">
          <h3 id="details-texts">Texts and settings</h3>
          <dl className="facts texts">
            {rest.map(([key, value]) => (
              <div key={key} className="pair">
                <dt>{key}</dt>
                <dd>{asText(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {onReword ? <RewordForm key={screen.id} screen={screen} onApply={onReword} /> : null}
    </div>
  );
}
