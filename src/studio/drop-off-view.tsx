import type { Flow } from '../engine/generated/flow-types';
import type { DropOffTable } from '../engine/drop-off';

export interface ReportQuery {
  since: string;
  by: string;
}

export type ReportState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string; httpStatus?: number }
  | { status: 'loaded'; tables: DropOffTable[]; events: number };

const percent = (value: number | null) => (value === null ? 'end' : `${(value * 100).toFixed(1)} %`);
const seconds = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} s`);

/** The caption of one table: flow version, variant and how many visitors. */
export function tableTitle(table: DropOffTable): string {
  const variant = table.variant ? ` · ${table.variant.flag} = ${table.variant.value ?? '(not assigned)'}` : '';
  return `${table.flowId} v${table.flowVersion}${variant} · ${table.visitors} visitor${table.visitors === 1 ? '' : 's'}`;
}

interface Props {
  flow: Flow;
  query: ReportQuery;
  /** A query changed, or the same one asked again (the log grows while the studio is open). */
  onQuery: (query: ReportQuery) => void;
  report: ReportState;
  /** The table the graph shows (by index into the loaded tables). */
  onGraph: number;
  onShowOnGraph: (index: number) => void;
  /** When each flow version was first published (known once the editor is signed in), shown beside its table. */
  publishedAt?: ReadonlyMap<number, string>;
}

/**
 * Drop-off per screen from the server's first-party event log (the same numbers as `npm run funnel:report`): for each
 * flow version, and each variant of a flag when split, the visitors shown each screen, those who went on, drop-off =
 * 1 − went on / shown, and the median time on the screen.
 */
export function DropOffView({ flow, query, onQuery, report, onGraph, onShowOnGraph, publishedAt = new Map() }: Props) {
  const flags = Object.keys(flow.flags ?? {});
  return (
    <section aria-labelledby="drop-heading" className="panel">
      <h2 id="drop-heading">Drop-off</h2>
      <p>
        Per screen, of the visitors who were shown it: drop-off = 1 − went on ÷ shown, never against the row above, so a branch (the partner questions) never
        makes a rate negative. Each flow version is counted on its own events. From the server&apos;s event log, as <code>npm run funnel:report</code> prints it.
      </p>
      <form className="report-query" onSubmit={(e) => e.preventDefault()}>
        <label>
          Since
          <select value={query.since} onChange={(e) => onQuery({ ...query, since: e.currentTarget.value })}>
            {['1d', '7d', '30d', '90d'].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Split by A/B flag
          <select value={query.by} onChange={(e) => onQuery({ ...query, by: e.currentTarget.value })}>
            <option value="">none</option>
            {flags.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => onQuery(query)} disabled={report.status === 'loading'}>
          Load again
        </button>
      </form>
      {report.status === 'loading' ? <p role="status">Loading the report…</p> : null}
      {report.status === 'failed' ? <p role="alert">The report could not be loaded: {report.message}</p> : null}
      {report.status === 'loaded' && report.tables.length === 0 ? <p role="status">No events of {flow.id} in this period.</p> : null}
      {report.status === 'loaded'
        ? report.tables.map((table, index) => (
            <div key={index} className="report-table">
              <table>
                <caption>
                  {tableTitle(table)}
                  {publishedAt.has(table.flowVersion) ? ` · published ${publishedAt.get(table.flowVersion)!.slice(0, 16).replace('T', ' ')} UTC` : ''}{' '}
                  <button type="button" aria-pressed={index === onGraph} onClick={() => onShowOnGraph(index)}>
                    {index === onGraph ? 'On the graph' : 'Show on the graph'}
                  </button>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Screen</th>
                    <th scope="col">Shown</th>
                    <th scope="col">Went on</th>
                    <th scope="col">Drop-off</th>
                    <th scope="col">Median time</th>
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.screenId}>
                      <th scope="row">{row.screenId}</th>
                      <td>{row.shown}</td>
                      <td>{row.wentOn}</td>
                      <td>{row.shown > 0 ? percent(row.dropOff) : '–'}</td>
                      <td>{seconds(row.medianSeconds)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))
        : null}
    </section>
  );
}
