import { JsonFilePicker } from './file-picker';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Flow } from '../engine/generated/flow-types';
import type { DropOffRow, DropOffTable } from '../engine/drop-off';
import { screenGraph } from '../engine/screen-graph';
import { productKinds } from '../engine/kinds/product-kinds';
import { GraphView, type NodeMarks } from './graph-view';
import { ScreenDetails } from './screen-details';
import { DiffView } from './diff-view';
import { DropOffView, tableTitle, type ReportQuery, type ReportState } from './drop-off-view';
import { problemsByScreen, readFlowText, type OpenedFlow } from './open-flow';
import { useLiveTabs, type OpenStudioChannel } from './live';
import { PersonaView, type AppStart } from './persona-view';
import { EditorApiError, editorApi, type EditorAccess, type StoredVersion } from './editor-api';
import { EditorSignIn } from './editor-sign-in';
import { VersionsView } from './versions-view';
import { ExperimentsView } from './experiments-view';
import type { Rewording } from './reword-form';
import { openFlow } from './open-flow';

/** The drop-off report, with the editor token when the studio has one (a production server asks for it). */
export type FetchReport = (flowId: string, query: ReportQuery, token: string | null) => Promise<{ tables: DropOffTable[]; events: number }>;

/** The report from the server the studio came from (`GET /studio/api/funnel-report`). */
export const fetchReportFromServer: FetchReport = async (flowId, query, token) => {
  const params = new URLSearchParams({ flow: flowId, since: query.since });
  if (query.by) params.set('by', query.by);
  const response = await fetch(`/studio/api/funnel-report?${params.toString()}`, { headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const body = (await response.json().catch(() => null)) as { tables?: DropOffTable[]; events?: number; message?: string } | null;
  if (!response.ok || !body?.tables) throw new EditorApiError(response.status, body?.message ?? `the server answered ${response.status}`);
  return { tables: body.tables, events: body.events ?? 0 };
};

type Tab = 'graph' | 'personas' | 'drop-off' | 'versions' | 'experiments' | 'diff';
const tabs: Array<{ id: Tab; label: string }> = [
  { id: 'graph', label: 'Graph' },
  { id: 'personas', label: 'Personas' },
  { id: 'drop-off', label: 'Drop-off' },
  { id: 'versions', label: 'Versions' },
  { id: 'experiments', label: 'Experiments' },
  { id: 'diff', label: 'Diff' },
];

interface Props {
  /** The flow the app is built with, and the file it came from. */
  initial: { name: string; opened: OpenedFlow };
  openChannel: OpenStudioChannel | null;
  fetchReport: FetchReport;
  /** The persona files of flows/personas/, by file name. */
  personas?: ReadonlyArray<{ file: string; data: unknown }>;
  /** Opens the app of this origin at a step of a persona's path (persona-view.ts: openInApp). */
  openApp?: (start: AppStart) => Promise<void>;
}

/**
 * The flow studio: the compiled flow as a graph with every screen's details, the live visitor of another
 * tab, drop-off per screen, and a diff against another flow file. A developer and editor tool: `npm run dev`, or
 * `npm start` with STUDIO=on; nothing of it is in the visitor's app.
 */
export function Studio({ initial, openChannel, fetchReport, personas = [], openApp = () => Promise.reject(new Error('no app here')) }: Props) {
  const [source, setSource] = useState(initial);
  const [tab, setTab] = useState<Tab>('graph');
  const [selected, setSelected] = useState<string | null>(null);
  const [showBack, setShowBack] = useState(true);
  const [query, setQuery] = useState<ReportQuery>({ since: '7d', by: '' });
  const [report, setReport] = useState<ReportState>({ status: 'idle' });
  const [onGraph, setOnGraph] = useState(-1);
  const [followTab, setFollowTab] = useState<string>('');
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement | null>());
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const graphScroll = useRef<HTMLDivElement>(null);
  // The editor token, asked once and kept in this tab's memory only; and why the server refused it, when it did.
  const [token, setToken] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const api = useMemo(() => (token ? editorApi(token) : null), [token]);
  // Kept the same object between renders: the views' fetches depend on it, and a new one would fetch again.
  const editorAccess: EditorAccess = useMemo(
    () => ({
      api,
      refused,
      onToken: (given: string) => {
        setToken(given);
        setRefused(null);
      },
      onRefused: (message: string) => {
        setToken(null);
        setRefused(message);
      },
    }),
    [api, refused],
  );
  const [publishedAt, setPublishedAt] = useState<ReadonlyMap<number, string>>(new Map());

  const flow = source.opened.flow;
  const graph = useMemo(() => (flow ? screenGraph(flow, productKinds) : null), [flow]);
  const marks = useMemo(() => (flow ? problemsByScreen(flow, source.opened.problems) : null), [flow, source]);
  // A flow opens with its start screen in view (the layout may put it anywhere across).
  useEffect(() => {
    const scroller = graphScroll.current;
    const start = scroller?.querySelector<HTMLElement>(`[data-screen="${flow?.start ?? ''}"]`)?.parentElement;
    if (scroller && start) scroller.scrollLeft = Math.max(0, start.offsetLeft + start.offsetWidth / 2 - scroller.clientWidth / 2);
  }, [flow]);
  const live = useLiveTabs(openChannel);
  const followed = live.find((t) => t.tab === followTab) ?? live[0] ?? null;
  const liveHere = followed && flow && followed.flowId === flow.id ? followed : null;

  const loadReport = useCallback(
    (forFlow: Flow, q: ReportQuery, withToken: string | null = token) => {
      setReport({ status: 'loading' });
      fetchReport(forFlow.id, q, withToken).then(
        (loaded) => {
          setReport({ status: 'loaded', ...loaded });
          // The graph shows the table of the flow's own version (the first variant when split).
          setOnGraph(loaded.tables.findIndex((t) => t.flowVersion === forFlow.version));
        },
        (error: unknown) => {
          if (error instanceof EditorApiError && error.status === 401) {
            setToken(null);
            setRefused(withToken ? error.message : null);
          }
          setReport({ status: 'failed', message: error instanceof Error ? error.message : String(error), ...(error instanceof EditorApiError ? { httpStatus: error.status } : {}) });
        },
      );
      // Each version's publish time beside its table, when the editor is signed in.
      (withToken ? editorApi(withToken) : null)?.versions(forFlow.id).then(
        (listed) => setPublishedAt(new Map(listed.versions.filter((v: StoredVersion) => v.publishedAt).map((v: StoredVersion) => [v.version, v.publishedAt!]))),
        () => undefined,
      );
    },
    [fetchReport, token],
  );
  const showTab = (to: Tab) => {
    setTab(to);
    if (to === 'drop-off' && flow && report.status === 'idle') loadReport(flow, query);
  };

  // The server asks for an editor token before it answers the report.
  const signInFirst = report.status === 'failed' && report.httpStatus === 401;

  const dropOffRows = useMemo(() => {
    const rows = new Map<string, DropOffRow>();
    if (report.status === 'loaded') for (const row of report.tables[onGraph]?.rows ?? []) rows.set(row.screenId, row);
    return rows;
  }, [report, onGraph]);

  const nodeMarks: NodeMarks = {
    problems: marks?.words ?? new Map(),
    current: liveHere?.screen ?? null,
    trail: new Set(liveHere?.trail ?? []),
    dropOff: dropOffRows,
  };

  const select = (id: string) => {
    setSelected(id);
    setTab('graph');
  };
  const selectAndShow = (id: string) => {
    select(id);
    // Following a way in the details moves to that screen's details, and the node comes into view.
    requestAnimationFrame(() => {
      const node = [...document.querySelectorAll<HTMLElement>('[data-screen]')].find((el) => el.dataset.screen === id);
      node?.scrollIntoView?.({ block: 'center', inline: 'center' });
      detailsHeading.current?.focus();
    });
  };

  // Rewording in place: the flow in view changes (and is checked at once, as a file opened is); Versions stores it.
  const reword = (screenId: string, { texts, labels }: Rewording) => {
    if (!flow) return;
    const data = structuredClone(flow) as unknown as { screens: Array<Record<string, unknown> & { options?: Array<{ value: string; label: unknown }> }> };
    const target = data.screens.find((s) => s.id === screenId);
    if (!target) return;
    Object.assign(target, texts);
    for (const option of target.options ?? []) if (Object.hasOwn(labels, option.value)) option.label = labels[option.value];
    setSource({ name: source.name.endsWith(' (reworded)') ? source.name : `${source.name} (reworded)`, opened: openFlow(data) });
  };

  const open = async (file: File) => {
    setSource({ name: file.name, opened: readFlowText(await file.text()) });
    setSelected(null);
    setReport({ status: 'idle' });
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const i = tabs.findIndex((t) => t.id === tab);
    const next = event.key === 'ArrowRight' ? (i + 1) % tabs.length : event.key === 'ArrowLeft' ? (i + tabs.length - 1) % tabs.length : event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : -1;
    if (next < 0) return;
    event.preventDefault();
    const to = tabs[next]!.id;
    showTab(to);
    tabRefs.current.get(to)?.focus();
  };

  const screen = flow && selected ? flow.screens.find((s) => s.id === selected) : undefined;
  const inFlow = (id: string) => !!flow?.screens.some((s) => s.id === id);
  const edgeCount = graph?.edges.length ?? 0;

  return (
    <div className="studio">
      <header className="studio-header">
        <h1>Flow studio</h1>
        <p className="flow-name">
          {flow ? (
            <>
              <strong>{flow.id}</strong> version {flow.version} · {source.name} · {flow.screens.length} screens · {edgeCount} transitions
            </>
          ) : (
            <strong>{source.name}</strong>
          )}
        </p>
        <JsonFilePicker label="Open another flow file" onFile={(file) => void open(file)} />
      </header>

      {source.opened.problems.length > 0 ? (
        <div role="alert" className="problems-box">
          <p>
            {flow ? 'The checker reports' : 'This is not a flow the studio can draw. The checker reports'} {source.opened.problems.length} problem
            {source.opened.problems.length === 1 ? '' : 's'} (as <code>npm run flow:check</code> would):
          </p>
          <ul>
            {source.opened.problems.map((p) => (
              <li key={`${p.pointer} ${p.message}`}>
                <code>{p.pointer}</code> {p.message}; {p.hint}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {flow && graph ? (
        <>
          <div role="tablist" aria-label="Studio views" className="tabs">
            {tabs.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                ref={(el) => {
                  tabRefs.current.set(t.id, el);
                }}
                onClick={() => showTab(t.id)}
                onKeyDown={onTabKey}
              >
                {t.label}
              </button>
            ))}
          </div>

          <div role="tabpanel" id="panel-graph" aria-labelledby="tab-graph" hidden={tab !== 'graph'} className="graph-panel">
            <div className="graph-tools">
              <label>
                <input type="checkbox" checked={showBack} onChange={(e) => setShowBack(e.currentTarget.checked)} /> Show back-button ways
              </label>
              <p className="legend" aria-label="Legend">
                <span className="key key-next">next</span> <span className="key key-back">back</span> <span className="key key-return">payment return</span>{' '}
                <span className="key key-problem">⚠ checker problem</span> <span className="key key-live">● live visitor</span>
              </p>
              <div className="live" aria-live="polite">
                {live.length === 0 ? (
                  <p>Live: open the app in another tab of this browser to follow its visitor here.</p>
                ) : (
                  <>
                    <label>
                      Follow{' '}
                      <select value={followed?.tab ?? ''} onChange={(e) => setFollowTab(e.currentTarget.value)}>
                        {live.map((t) => (
                          <option key={t.tab} value={t.tab}>
                            tab {t.tab.slice(0, 6)} on {t.screen}
                          </option>
                        ))}
                      </select>
                    </label>
                    <p data-testid="live-status">
                      {followed && liveHere
                        ? `Live: the visitor is on ${followed.screen}, ${followed.trail.length} screen${followed.trail.length === 1 ? '' : 's'} on the trail.`
                        : followed
                          ? `Live: that tab runs flow ${followed.flowId} version ${followed.flowVersion}, not this one.`
                          : ''}
                    </p>
                  </>
                )}
              </div>
              {report.status === 'loaded' && report.tables[onGraph] ? <p className="on-graph">Drop-off on the graph: {tableTitle(report.tables[onGraph])}</p> : null}
            </div>
            <div className="graph-and-details">
              <div className="graph-scroll" role="region" aria-label="Flow graph" tabIndex={-1} ref={graphScroll}>
                <GraphView graph={graph} selected={selected} onSelect={select} marks={nodeMarks} showBack={showBack} />
              </div>
              <aside className="details" aria-labelledby="details-heading">
                <h2 id="details-heading" ref={detailsHeading} tabIndex={-1}>
                  {screen ? screen.id : 'Screen details'}
                </h2>
                {screen ? (
                  <ScreenDetails
                    flow={flow}
                    screen={screen}
                    outgoing={graph.edges.filter((e) => e.from === screen.id)}
                    incoming={graph.edges.filter((e) => e.to === screen.id)}
                    problems={marks?.all.get(screen.id) ?? []}
                    dropOff={dropOffRows.get(screen.id) ?? null}
                    onSelect={selectAndShow}
                    inFlow={inFlow}
                    onReword={(rewording) => reword(screen.id, rewording)}
                  />
                ) : (
                  <p>Choose a screen in the graph to see its kind, route, texts, options, answer key, back target, effects, events and the ways in and out.</p>
                )}
              </aside>
            </div>
          </div>

          <div role="tabpanel" id="panel-personas" aria-labelledby="tab-personas" hidden={tab !== 'personas'}>
            {tab === 'personas' ? (
              <PersonaView
                flow={flow}
                appFlow={initial.opened.flow ? { id: initial.opened.flow.id, version: initial.opened.flow.version } : null}
                personas={personas}
                onSelectScreen={selectAndShow}
                open={openApp}
              />
            ) : null}
          </div>

          <div role="tabpanel" id="panel-drop-off" aria-labelledby="tab-drop-off" hidden={tab !== 'drop-off'}>
            {signInFirst ? (
              <EditorSignIn
                refused={refused}
                onToken={(given) => {
                  setToken(given);
                  setRefused(null);
                  if (flow) loadReport(flow, query, given);
                }}
              />
            ) : null}
            <DropOffView
              publishedAt={publishedAt}
              flow={flow}
              query={query}
              onQuery={(q) => {
                setQuery(q);
                loadReport(flow, q);
              }}
              report={signInFirst ? { status: 'idle' } : report}
              onGraph={onGraph}
              onShowOnGraph={setOnGraph}
            />
          </div>

          <div role="tabpanel" id="panel-versions" aria-labelledby="tab-versions" hidden={tab !== 'versions'}>
            {tab === 'versions' ? (
              <VersionsView flow={flow} {...editorAccess} />
            ) : null}
          </div>

          <div role="tabpanel" id="panel-experiments" aria-labelledby="tab-experiments" hidden={tab !== 'experiments'}>
            {tab === 'experiments' ? (
              <ExperimentsView flow={flow} {...editorAccess} />
            ) : null}
          </div>

          <div role="tabpanel" id="panel-diff" aria-labelledby="tab-diff" hidden={tab !== 'diff'}>
            <DiffView flow={flow} name={source.name} />
          </div>
        </>
      ) : null}
    </div>
  );
}
