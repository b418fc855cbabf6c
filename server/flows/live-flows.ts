import { LRUCache } from 'lru-cache';
import type { Flow } from '../../src/engine/generated/flow-types';
import { flowUrlOf, pageFlowOf, type PageFlow } from '../../src/shared/page-flow';
import { eventCatalogueOf, type EventCatalogue } from '../analytics/event-catalogue';
import type { Store } from '../db/open';
import { toBool } from '../db/values';
import { knownRoutesOf } from '../known-routes';
import { encodeBody, type EncodedBody } from './encoded-body';
import { experimentVersions, runningExperiments } from '../experiments/experiment-store';
import type { Arm } from '../../src/shared/experiment-readout';
import { productKinds } from '../../src/engine/kinds/product-kinds';

/**
 * How often each process asks the database which versions are published and retired. Publishing takes effect for new
 * visitors on every process within this (and at once on the process that published). A poll rather than PostgreSQL's
 * LISTEN/NOTIFY: it works the same on SQLite (several processes on one file) and on PostgreSQL behind a pooler that
 * cannot hold a listening connection, and costs one small query every two seconds per process.
 */
export const REFRESH_MS = 2000;
/** Versions kept parsed in memory (a version is immutable: a cached one never goes stale, only retired). */
const CACHED_VERSIONS = 64;

/** A stored version as the server serves it: parsed once, its JSON compressed once, its routes known. */
export interface ServedVersion {
  flowId: string;
  version: number;
  flow: Flow;
  /** The JSON text exactly as stored, and its brotli and gzip copies. */
  json: EncodedBody;
  checksum: string;
  /** The pages the version answers with 200 (its screens' routes and the app's own pages). */
  routes: ReadonlySet<string>;
  pageFlow: PageFlow;
  /** Whether it was ever published (a visitor may be kept on it) when it was read; a draft is only previewed. */
  everPublished: boolean;
}

const key = (flowId: string, version: number) => `${flowId}@${version}`;

/**
 * The flow versions this process serves, as the flow store says: each flow's published version and which versions are
 * retired or were ever published, refreshed every REFRESH_MS; the versions themselves read from the store when first
 * needed and kept. The event log's catalogue follows them: it declares the events of every version a visitor may be on.
 */
export class LiveFlows {
  private published = new Map<string, number>();
  private everPublished = new Set<string>();
  private retired = new Set<string>();
  private moved = new Set<string>();
  /** Versions that are or were an arm of an experiment: their visitors are kept on them, like a published one's. */
  private inExperiments = new Set<string>();
  private running = new Map<string, { id: string; arms: Arm[] }>();
  private readonly versions = new LRUCache<string, ServedVersion>({ max: CACHED_VERSIONS });
  private readonly catalogued = new Map<string, Flow>();
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | null = null;
  /** The event log's catalogue: the events of every version ever published and not retired, and of those previewed. */
  readonly catalogue: EventCatalogue;
  private currentCatalogue: EventCatalogue = eventCatalogueOf([]);

  constructor(private readonly store: Store) {
    const current = () => this.currentCatalogue;
    this.catalogue = {
      propertiesOf: (type) => current().propertiesOf(type),
      get identifyEvent() {
        return current().identifyEvent;
      },
      get identifyOperations() {
        return current().identifyOperations;
      },
      get userProperties() {
        return current().userProperties;
      },
    };
  }

  /** Reads the published versions once, then keeps them fresh until stop(). */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh().catch((error: Error) => console.error(`Flow store refresh failed: ${error.message}`)), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Asks the store again now (after a publish or a retirement made by this process). */
  refresh(): Promise<void> {
    this.refreshing ??= this.readStates().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async readStates(): Promise<void> {
    const [flows, states, running, arms] = await Promise.all([
      this.store.db.selectFrom('flows').select(['flow_id', 'published_version']).execute(),
      this.store.db
        .selectFrom('flow_versions')
        .select((eb) => ['flow_id', 'version', eb('published_at', 'is not', null).as('ever'), eb('retired_at', 'is not', null).as('retired'), eb('moved_at', 'is not', null).as('moved')])
        .where((eb) => eb.or([eb('published_at', 'is not', null), eb('retired_at', 'is not', null), eb('moved_at', 'is not', null)]))
        .execute(),
      runningExperiments(this.store),
      experimentVersions(this.store),
    ]);
    this.running = new Map(running.map((experiment) => [experiment.flowId, { id: experiment.id, arms: experiment.arms }]));
    this.inExperiments = new Set(arms.map((arm) => key(arm.flowId, arm.version)));
    this.published = new Map(flows.map((row) => [row.flow_id, Number(row.published_version)]));
    this.everPublished = new Set(states.filter((row) => toBool(row.ever as boolean | number)).map((row) => key(row.flow_id, Number(row.version))));
    this.retired = new Set(states.filter((row) => toBool(row.retired as boolean | number)).map((row) => key(row.flow_id, Number(row.version))));
    this.moved = new Set(states.filter((row) => toBool(row.moved as boolean | number)).map((row) => key(row.flow_id, Number(row.version))));
    // The catalogue declares the events of every version a visitor may be on: each one ever published or in an
    // experiment, and not retired.
    let grew = false;
    for (const name of new Set([...this.everPublished, ...this.inExperiments])) {
      if (this.retired.has(name) || this.catalogued.has(name)) continue;
      const [flowId, version] = name.split('@') as [string, string];
      const served = await this.version(flowId, Number(version));
      if (served) {
        this.catalogued.set(name, served.flow);
        grew = true;
      }
    }
    for (const name of [...this.catalogued.keys()]) {
      if (this.retired.has(name)) {
        this.catalogued.delete(name);
        grew = true;
      }
    }
    if (grew) this.currentCatalogue = eventCatalogueOf([...this.catalogued.values()]);
  }

  /** The flow's published version number, or undefined for a flow the store does not have. */
  publishedVersion(flowId: string): number | undefined {
    return this.published.get(flowId);
  }

  isRetired(flowId: string, version: number): boolean {
    return this.retired.has(key(flowId, version));
  }

  /** Whether a visitor kept on this version is to be served the published one: it was retired, or its visitors moved on. */
  keepsVisitors(flowId: string, version: number): boolean {
    const name = key(flowId, version);
    return !this.retired.has(name) && !this.moved.has(name);
  }

  /** Published now or before, or an arm of an experiment (a visitor may be kept on it), and not retired: its page and JSON are public. */
  isPublic(flowId: string, version: number): boolean {
    const name = key(flowId, version);
    return !this.retired.has(name) && (this.everPublished.has(name) || this.inExperiments.has(name) || this.published.get(flowId) === version);
  }

  /** The experiment splitting the flow's new visitors now, with its arms; undefined when none runs. */
  runningExperiment(flowId: string): { id: string; arms: Arm[] } | undefined {
    return this.running.get(flowId);
  }

  /** A stored version, read and prepared once; null when the store has no such version. */
  async version(flowId: string, version: number): Promise<ServedVersion | null> {
    const name = key(flowId, version);
    const cached = this.versions.get(name);
    if (cached) return cached;
    const row = await this.store.db
      .selectFrom('flow_versions')
      .select(['json', 'checksum', 'published_at'])
      .where('flow_id', '=', flowId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) return null;
    const flow = JSON.parse(row.json) as Flow;
    const served: ServedVersion = {
      flowId,
      version,
      flow,
      json: encodeBody(row.json),
      checksum: row.checksum,
      routes: new Set(knownRoutesOf([flow])),
      pageFlow: pageFlowOf(flow, flowUrlOf(flowId, version), productKinds),
      everPublished: row.published_at !== null,
    };
    this.versions.set(name, served);
    return served;
  }

  /** Events a version declares are stored from the moment it is previewed or served here, not only once published. */
  declare(served: ServedVersion): void {
    const name = key(served.flowId, served.version);
    if (this.catalogued.has(name)) return;
    this.catalogued.set(name, served.flow);
    this.currentCatalogue = eventCatalogueOf([...this.catalogued.values()]);
  }
}
