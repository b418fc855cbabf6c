import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../src/shared/contract/common';
import { dropOff } from '../../src/engine/drop-off';
import { funnelEventsSince } from '../analytics/event-log';
import { parseSince } from '../analytics/since';
import type { Store } from '../db/open';
import { refuseWithoutEditor, type EditorTokens } from '../flows/editor-tokens';
import { versionLayouts } from '../flows/version-layouts';

/** What the report needs of a flow the server serves: its screens in order and its end screens. */
export interface StudioFlow {
  id: string;
  order: string[];
  ends: string[];
  /** The flow's declared A/B flags: the only ones a report may be split by. */
  flags: string[];
}

/** How far back the studio's report may look: a tool's question, not a scan of years of events per click. */
const MAX_SINCE_MS = 90 * 86_400_000;

/**
 * What the report needs of the flows the server serves (readFlowFiles). Only their shape is read here: the build
 * and `flow:check` have refused an invalid flow long before a server runs it.
 */
export function studioFlowsOf(flowFiles: readonly unknown[]): StudioFlow[] {
  const flows: StudioFlow[] = [];
  for (const file of flowFiles) {
    const data = (file ?? {}) as { id?: unknown; screens?: unknown; flags?: unknown };
    if (typeof data.id !== 'string' || !Array.isArray(data.screens)) continue;
    const screens = data.screens.filter((s): s is { id: string; end?: unknown } => typeof s === 'object' && s !== null && typeof (s as { id?: unknown }).id === 'string');
    const flags = typeof data.flags === 'object' && data.flags !== null ? Object.keys(data.flags) : [];
    flows.push({ id: data.id, order: screens.map((s) => s.id), ends: screens.filter((s) => s.end === true).map((s) => s.id), flags });
  }
  return flows;
}

const ReportQuery = Type.Object(
  {
    flow: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,63}$', description: 'The flow id (flows/*.json `id`).' }),
    since: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}[smhdw]$', description: 'How far back: 30m, 1h, 7d (default 7d).' })),
    by: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$', description: 'An A/B flag to split the visitors by.' })),
  },
  { additionalProperties: false },
);

const Row = Type.Object({
  screenId: Type.String(),
  shown: Type.Integer(),
  wentOn: Type.Integer(),
  dropOff: Type.Union([Type.Number(), Type.Null()]),
  medianSeconds: Type.Union([Type.Number(), Type.Null()]),
});
const Table = Type.Object({
  flowId: Type.String(),
  flowVersion: Type.Integer(),
  variant: Type.Union([Type.Object({ flag: Type.String(), value: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  visitors: Type.Integer(),
  rows: Type.Array(Row),
});
const Report = Type.Object({ flow: Type.String(), since: Type.String(), events: Type.Integer(), tables: Type.Array(Table) });

/**
 * The studio's API, mounted under /studio/api when STUDIO=on: drop-off per screen from the
 * event log, per flow version and, with `by`, per variant of an A/B flag; the same numbers as `npm run
 * funnel:report`. Only counts, medians and screen ids leave: never a visitor id or an event's properties.
 */
export async function studioRoutes(
  scope: FastifyInstance,
  { store, flows, rateLimit, tokens }: { store: Store; flows: readonly StudioFlow[]; rateLimit: { max: number; timeWindow: number }; tokens?: EditorTokens },
): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  // The report is the business's numbers: whoever reaches a production server's studio needs an editor's token.
  if (tokens) {
    scope.addHook('preHandler', async (request, reply) => (tokens.editorOf(request.headers.authorization) ? undefined : refuseWithoutEditor(reply, tokens)));
  }
  const byId = new Map(flows.map((f) => [f.id, f]));
  const layouts = versionLayouts(store.db);
  app.get('/funnel-report', {
    schema: { querystring: ReportQuery, response: { 200: Report, 400: ApiError, 404: ApiError } },
    config: { rateLimit },
    handler: async (request, reply) => {
      const { flow: flowId, since = '7d', by } = request.query;
      const flow = byId.get(flowId);
      if (!flow) return reply.code(404).send({ error: 'Not Found', message: `flow: no flow "${flowId}" in this server's flows/`, field: 'flow' });
      let ms: number;
      try {
        ms = parseSince(since);
      } catch (error) {
        return reply.code(400).send({ error: 'Bad Request', message: `since: ${(error as Error).message}`, field: 'since' });
      }
      if (ms > MAX_SINCE_MS) return reply.code(400).send({ error: 'Bad Request', message: 'since: at most 90d (npm run funnel:report looks further back)', field: 'since' });
      if (by !== undefined && !flow.flags.includes(by)) {
        return reply.code(400).send({ error: 'Bad Request', message: `by: "${by}" is none of the flow's flags (${flow.flags.join(', ') || 'it has none'})`, field: 'by' });
      }
      const from = new Date(Date.now() - ms);
      const events = (await funnelEventsSince(store.db, from)).filter((e) => e.flowId === flow.id);
      // Each version's table lists that stored version's screens; the flow file's order is for versions not stored.
      const stored = await layouts.of(flow.id, events.map((e) => e.flowVersion));
      const tables = dropOff(events, { flowId: flow.id, order: flow.order, ends: new Set(flow.ends), by, layouts: stored });
      return { flow: flow.id, since: from.toISOString(), events: events.length, tables };
    },
  });
}
