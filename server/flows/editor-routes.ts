import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFlowText, type FlowAssets } from '../../src/shared/check-flow-text';
import { findUnsafeValue } from '../api/json-body';
import type { Store } from '../db/open';
import { checkVersion } from './check-version';
import type { EditorTokens } from './editor-tokens';
import { EditorError, flowIdOf, isVersionNumber, objectBody, setUpEditorScope, versionOf } from './editor-scope';
import { latestMigrations, listVersions, publishedVersionOf, versionsStoredToday, publishVersion, recordAudit, readVersion, retireVersion, storeVersion } from './flow-store';
import type { PreviewSigner } from './preview-links';
import type { NamedPersona } from './replay-personas';
import { experimentRoutes } from '../experiments/experiment-routes';

export interface EditorRouteOptions {
  store: Store;
  tokens: EditorTokens;
  /** flows/personas/*.json: every one is replayed on a version before it is stored. */
  personas: readonly NamedPersona[];
  preview: PreviewSigner;
  rateLimit: { max: number; timeWindow: number };
  /** The app's build the versions are served with: a version may use only the art it ships. Unchecked when absent. */
  assets?: FlowAssets;
  /** Called after a publish or a retirement, so that this process serves the change at once (others within seconds). */
  changed: (flowId: string) => Promise<void> | void;
}

/** The longest note a version may carry. */
export const MAX_NOTE_LENGTH = 500;
/** Versions a flow may gain in a UTC day: a person publishing by hand stays far below; a runaway script does not. */
export const MAX_VERSIONS_PER_DAY = 200;

/** The publish body, checked field by field: a 400 names the field at fault. */
function publishBody(text: unknown): { version: number; moveVisitors: boolean; expectedPublished?: number } {
  const fields = objectBody(text, ['version', 'moveVisitors', 'expectedPublished'], '{"version": N}');
  if (!isVersionNumber(fields.version)) throw new EditorError(400, 'version: expected a stored version number', { field: 'version' });
  if (fields.moveVisitors !== undefined && typeof fields.moveVisitors !== 'boolean') throw new EditorError(400, 'moveVisitors: expected true or false', { field: 'moveVisitors' });
  if (fields.expectedPublished !== undefined && !isVersionNumber(fields.expectedPublished)) {
    throw new EditorError(400, 'expectedPublished: expected the version number you saw published', { field: 'expectedPublished' });
  }
  return { version: fields.version, moveVisitors: fields.moveVisitors === true, ...(fields.expectedPublished !== undefined ? { expectedPublished: fields.expectedPublished } : {}) };
}

/** The note of a store: the `note` query value, else the X-Flow-Note header (percent-encoded for non-ASCII text). */
function noteOf(request: FastifyRequest): string {
  const query = (request.query as { note?: unknown }).note;
  const header = request.headers['x-flow-note'];
  let note = '';
  if (typeof query === 'string') note = query;
  else if (typeof header === 'string') {
    try {
      note = decodeURIComponent(header);
    } catch {
      note = header;
    }
  }
  note = note.trim();
  if (note.length > MAX_NOTE_LENGTH) throw new EditorError(400, `note: at most ${MAX_NOTE_LENGTH} characters`, { field: 'note' });
  if ([...note].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) || /\p{Cs}/u.test(note)) throw new EditorError(400, 'note: one line of text, without control characters', { field: 'note' });
  return note;
}

/**
 * The editor API (mounted under /editor): store a checked version of a flow, list the versions, publish one (or an
 * earlier one: a rollback), retire one, and make a preview link. Every call needs `Authorization: Bearer <token>` of
 * an editor in EDITOR_TOKENS; each change leaves an audit row naming the editor.
 */
export async function editorRoutes(scope: FastifyInstance, options: EditorRouteOptions): Promise<void> {
  const { store, tokens, personas, preview, rateLimit, changed, assets } = options;
  const editorOf = setUpEditorScope(scope, tokens);
  const config = { rateLimit };

  scope.post('/flows/:flowId/versions', { config }, async (request, reply) => {
    const flowId = flowIdOf(request);
    const note = noteOf(request);
    if (typeof request.body !== 'string' || request.body.trim() === '') throw new EditorError(400, 'body: send the flow JSON', { field: 'body' });
    const text = request.body;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      // Where, as flow:check says it.
      const [syntax] = readFlowText('body', text).problems;
      const at = { line: syntax?.line ?? 1, column: syntax?.column ?? 1 };
      throw new EditorError(400, `body: ${syntax?.message ?? 'not valid JSON'} at line ${at.line}, column ${at.column}`, { field: 'body', ...at });
    }
    const unsafe = findUnsafeValue(data, '');
    if (unsafe) throw new EditorError(400, unsafe.message, { field: unsafe.field });
    const id = (data as { id?: unknown }).id;
    if (id !== flowId) throw new EditorError(409, `id: the flow's id is ${JSON.stringify(id ?? null)}, but it is sent to flow "${flowId}"`, { field: 'id' });
    if ((await publishedVersionOf(store, flowId)) === null) throw new EditorError(404, `no flow "${flowId}" in the store`, { field: 'flowId' });
    if ((await versionsStoredToday(store, flowId)) >= MAX_VERSIONS_PER_DAY) throw new EditorError(429, `flow "${flowId}" has had ${MAX_VERSIONS_PER_DAY} versions stored today (UTC): try again tomorrow`);
    const check = await checkVersion(`${flowId}.json`, text, personas, await latestMigrations(store, flowId), assets);
    if (!check.ok) {
      return reply.code(422).send({
        error: STATUS_CODES[422],
        message: `the flow has ${check.problems.length} problem${check.problems.length === 1 ? '' : 's'}; nothing was stored`,
        problems: check.problems.map(({ line, column, pointer, message, hint }) => ({ line, column, pointer, message, hint })),
      });
    }
    const stored = await storeVersion(store, { flowId, text, note, author: editorOf(request) });
    return reply.code(201).send({ flowId, version: stored.version, checksum: stored.checksum });
  });

  scope.get('/flows/:flowId/versions', { config }, async (request) => {
    const flowId = flowIdOf(request);
    const listed = await listVersions(store, flowId);
    if (!listed) throw new EditorError(404, `no flow "${flowId}" in the store`, { field: 'flowId' });
    return { flowId, published: listed.published, versions: listed.versions };
  });

  // A stored version's JSON, as stored (the studio's diff between two versions).
  scope.get('/flows/:flowId/versions/:version', { config }, async (request, reply) => {
    const flowId = flowIdOf(request);
    const version = versionOf(request);
    const stored = await readVersion(store, flowId, version);
    if (!stored) throw new EditorError(404, `flow "${flowId}" has no version ${version}`, { field: 'version' });
    return reply.type('application/json; charset=utf-8').send(stored.json);
  });

  scope.post('/flows/:flowId/publish', { config }, async (request) => {
    const flowId = flowIdOf(request);
    const body = publishBody(request.body);
    const outcome = await publishVersion(store, {
      flowId,
      version: body.version,
      moveVisitors: body.moveVisitors,
      ...(body.expectedPublished !== undefined ? { expectedPublished: body.expectedPublished } : {}),
      editor: editorOf(request),
    });
    switch (outcome.outcome) {
      case 'unknown-version':
        throw new EditorError(404, `flow "${flowId}" has no version ${body.version}`, { field: 'version' });
      case 'retired':
        throw new EditorError(409, `version ${body.version} of "${flowId}" is retired and cannot be published again; store its JSON as a new version`, { field: 'version' });
      case 'conflict':
        throw new EditorError(409, `version ${outcome.published} of "${flowId}" was published meanwhile, not ${body.expectedPublished}: look at the versions again before you publish`, {
          field: 'expectedPublished',
          published: outcome.published,
        });
      case 'experiment-running':
        throw new EditorError(409, `experiment ${outcome.experimentId} splits the new visitors of "${flowId}": stop it first (POST /editor/experiments/${outcome.experimentId}/stop), which publishes the version you choose`, {
          field: 'version',
          experimentId: outcome.experimentId,
        });
      case 'published':
        await changed(flowId);
        return { flowId, published: outcome.version, previous: outcome.previous, movedVisitors: body.moveVisitors };
    }
  });

  scope.post('/flows/:flowId/versions/:version/retire', { config }, async (request) => {
    const flowId = flowIdOf(request);
    const version = versionOf(request);
    const outcome = await retireVersion(store, { flowId, version, editor: editorOf(request) });
    switch (outcome.outcome) {
      case 'unknown-version':
        throw new EditorError(404, `flow "${flowId}" has no version ${version}`, { field: 'version' });
      case 'published':
        throw new EditorError(409, `version ${version} is the published one: publish another before you retire it`, { field: 'version' });
      case 'in-experiment':
        throw new EditorError(409, `version ${version} is an arm of experiment ${outcome.experimentId}, which is running: stop it first`, { field: 'version', experimentId: outcome.experimentId });
      case 'already-retired':
      case 'retired':
        await changed(flowId);
        return { flowId, version, state: 'retired' };
    }
  });

  await experimentRoutes(scope, { store, editorOf, rateLimit, changed });

  scope.post('/flows/:flowId/versions/:version/preview', { config }, async (request) => {
    const flowId = flowIdOf(request);
    const version = versionOf(request);
    const stored = await readVersion(store, flowId, version);
    if (!stored) throw new EditorError(404, `flow "${flowId}" has no version ${version}`, { field: 'version' });
    if (stored.state === 'retired') throw new EditorError(409, `version ${version} is retired and is never served again`, { field: 'version' });
    const { token, expiresAt } = preview.tokenFor(flowId, version);
    await recordAudit(store, { editor: editorOf(request), action: 'previewed', flowId, version });
    const url = new URL(`/?preview=${token}`, `${request.protocol}://${request.host}`).href;
    return { flowId, version, url, expiresAt: new Date(expiresAt).toISOString() };
  });
}
