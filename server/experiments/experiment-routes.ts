import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Store } from '../db/open';
import { EditorError, flowIdOf, isVersionNumber, objectBody } from '../flows/editor-scope';
import { changeWeights, createExperiment, listExperiments, MAX_ARMS, MIN_ARMS, readExperiment, stopExperiment } from './experiment-store';
import { experimentReport } from './experiment-report';
import type { Arm } from '../../src/shared/experiment-readout';

export interface ExperimentRouteOptions {
  store: Store;
  /** The editor's name (their token's in EDITOR_TOKENS), for the audit rows. */
  editorOf: (request: FastifyRequest) => string;
  rateLimit: { max: number; timeWindow: number };
  /** Called after a change, so that this process splits (or stops splitting) at once; others within seconds. */
  changed: (flowId: string) => Promise<void> | void;
}

/** The largest weight an arm may have: weights are shares (50/50, 90/10), not counts. */
export const MAX_WEIGHT = 1_000_000;
const MAX_NAME_LENGTH = 200;
const EXPERIMENT_ID = /^exp_[0-9a-f]{16}$/;

function experimentIdOf(request: FastifyRequest): string {
  const { id } = request.params as { id: string };
  if (!EXPERIMENT_ID.test(id)) throw new EditorError(400, `id: "${id}" is not an experiment id (exp_ and 16 hex digits)`, { field: 'id' });
  return id;
}

/** `arms`: two to four stored versions, each once, each with a positive whole weight. A 400 names the field at fault. */
function armsOf(value: unknown): Arm[] {
  if (!Array.isArray(value)) throw new EditorError(400, 'arms: expected a list of {"version": N, "weight": W}', { field: 'arms' });
  if (value.length < MIN_ARMS || value.length > MAX_ARMS) throw new EditorError(400, `arms: an experiment has ${MIN_ARMS} to ${MAX_ARMS} arms, not ${value.length}`, { field: 'arms' });
  const arms: Arm[] = [];
  value.forEach((item: unknown, i) => {
    const at = `arms/${i}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new EditorError(400, `${at}: expected {"version": N, "weight": W}`, { field: at });
    const arm = item as Record<string, unknown>;
    for (const key of Object.keys(arm)) if (key !== 'version' && key !== 'weight') throw new EditorError(400, `${at}/${key}: not an arm field (version, weight)`, { field: `${at}/${key}` });
    if (!isVersionNumber(arm.version)) throw new EditorError(400, `${at}/version: expected a stored version number`, { field: `${at}/version` });
    if (typeof arm.weight !== 'number' || !Number.isInteger(arm.weight) || arm.weight < 1 || arm.weight > MAX_WEIGHT) {
      throw new EditorError(400, `${at}/weight: expected a positive whole number (at most ${MAX_WEIGHT})`, { field: `${at}/weight` });
    }
    if (arms.some((other) => other.version === arm.version)) throw new EditorError(400, `${at}/version: version ${String(arm.version)} is already an arm`, { field: `${at}/version` });
    arms.push({ version: arm.version as number, weight: arm.weight });
  });
  return arms;
}

function nameOf(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw new EditorError(400, 'name: give the experiment a name (what it tests)', { field: 'name' });
  const name = value.trim();
  if (name.length > MAX_NAME_LENGTH) throw new EditorError(400, `name: at most ${MAX_NAME_LENGTH} characters`, { field: 'name' });
  if ([...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) || /\p{Cs}/u.test(name)) throw new EditorError(400, 'name: one line of text, without control characters', { field: 'name' });
  return name;
}

/**
 * The editor API's experiments (inside the /editor scope: the same token, audit rows and rate limit): start one
 * between stored versions of a flow, read it with its readout, change its weights, stop it with a winner.
 */
export async function experimentRoutes(scope: FastifyInstance, { store, editorOf, rateLimit, changed }: ExperimentRouteOptions): Promise<void> {
  const config = { rateLimit };

  scope.post('/flows/:flowId/experiments', { config }, async (request, reply) => {
    const flowId = flowIdOf(request);
    const body = objectBody(request.body, ['name', 'arms'], '{"name": "...", "arms": [{"version": N, "weight": W}, ...]}');
    const name = nameOf(body.name);
    const arms = armsOf(body.arms);
    const outcome = await createExperiment(store, { flowId, name, arms, editor: editorOf(request) });
    switch (outcome.outcome) {
      case 'unknown-flow':
        throw new EditorError(404, `no flow "${flowId}" in the store`, { field: 'flowId' });
      case 'unknown-version':
        throw new EditorError(404, `flow "${flowId}" has no version ${outcome.version}`, { field: `arms/${arms.findIndex((arm) => arm.version === outcome.version)}/version` });
      case 'retired-version':
        throw new EditorError(409, `version ${outcome.version} is retired and is never served again`, { field: `arms/${arms.findIndex((arm) => arm.version === outcome.version)}/version` });
      case 'running':
        throw new EditorError(409, `experiment ${outcome.experimentId} already splits the new visitors of "${flowId}": stop it before you start another`, { field: 'flowId', experimentId: outcome.experimentId });
      case 'created':
        await changed(flowId);
        return reply.code(201).send({ id: outcome.id });
    }
  });

  scope.get('/flows/:flowId/experiments', { config }, async (request) => {
    const flowId = flowIdOf(request);
    return { flowId, experiments: await listExperiments(store, flowId) };
  });

  scope.get('/experiments/:id', { config }, async (request) => {
    const id = experimentIdOf(request);
    const report = await experimentReport(store, id);
    if (!report) throw new EditorError(404, `no experiment ${id}`, { field: 'id' });
    return report;
  });

  scope.patch('/experiments/:id', { config }, async (request) => {
    const id = experimentIdOf(request);
    const body = objectBody(request.body, ['arms'], '{"arms": [{"version": N, "weight": W}, ...]}');
    const arms = armsOf(body.arms);
    const outcome = await changeWeights(store, { id, arms, editor: editorOf(request) });
    switch (outcome.outcome) {
      case 'unknown':
        throw new EditorError(404, `no experiment ${id}`, { field: 'id' });
      case 'stopped':
        throw new EditorError(409, `experiment ${id} is stopped: its weights no longer split anyone`, { field: 'id' });
      case 'other-arms':
        throw new EditorError(400, `arms: give a weight to each of its arms, versions ${outcome.versions.join(', ')}, and no other`, { field: 'arms' });
      case 'changed': {
        const experiment = (await readExperiment(store, id))!;
        await changed(experiment.flowId);
        return { id, arms: experiment.arms };
      }
    }
  });

  scope.post('/experiments/:id/stop', { config }, async (request) => {
    const id = experimentIdOf(request);
    const body = objectBody(request.body, ['winner', 'moveVisitors'], '{"winner": N, "moveVisitors": false}');
    if (!isVersionNumber(body.winner)) throw new EditorError(400, 'winner: expected the version to publish (one of the arms)', { field: 'winner' });
    if (body.moveVisitors !== undefined && typeof body.moveVisitors !== 'boolean') throw new EditorError(400, 'moveVisitors: expected true or false', { field: 'moveVisitors' });
    const moveVisitors = body.moveVisitors === true;
    const outcome = await stopExperiment(store, { id, winner: body.winner, moveVisitors, editor: editorOf(request) });
    switch (outcome.outcome) {
      case 'unknown':
        throw new EditorError(404, `no experiment ${id}`, { field: 'id' });
      case 'not-running':
        throw new EditorError(409, `experiment ${id} is already stopped`, { field: 'id' });
      case 'not-an-arm':
        throw new EditorError(400, `winner: version ${String(body.winner)} is not an arm (versions ${outcome.versions.join(', ')})`, { field: 'winner' });
      case 'not-published':
        throw new EditorError(409, `winner: version ${String(body.winner)} cannot be published (${outcome.reason.outcome}); the experiment runs on`, { field: 'winner' });
      case 'stopped':
        await changed(outcome.flowId);
        return { id, state: 'stopped', winner: outcome.published, published: outcome.published, previous: outcome.previous, movedVisitors: moveVisitors };
    }
  });
}
