/**
 * The studio's calls to the server's editor API (/editor), with the editor token the studio asked for once and keeps
 * in this tab's memory only: never in storage, a cookie or a URL.
 */

import type { Arm, ExperimentReport } from '../shared/experiment-readout';

/** A stored version as the editor API lists it. */
export interface StoredVersion {
  version: number;
  state: 'draft' | 'published' | 'retired';
  note: string;
  author: string;
  createdAt: string;
  publishedAt: string | null;
  retiredAt: string | null;
}

/** A problem of a refused version, located in the flow's text as flow:check locates it. */
export interface VersionProblem {
  line: number;
  column: number;
  pointer: string;
  message: string;
  hint: string;
}

/** A refusal: the server's one-line message, and for a refused flow its problems. */
export class EditorApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: VersionProblem[] = [],
  ) {
    super(message);
  }
}

export interface EditorApi {
  versions(flowId: string): Promise<{ published: number; versions: StoredVersion[] }>;
  /** A stored version's flow JSON, as stored. */
  versionText(flowId: string, version: number): Promise<string>;
  store(flowId: string, text: string, note: string): Promise<{ version: number }>;
  publish(flowId: string, version: number, expectedPublished: number): Promise<{ published: number; previous: number }>;
  preview(flowId: string, version: number): Promise<{ url: string; expiresAt: string }>;
  experiments(flowId: string): Promise<ListedExperiment[]>;
  experiment(id: string): Promise<ExperimentReport>;
  startExperiment(flowId: string, name: string, arms: Arm[]): Promise<{ id: string }>;
  setWeights(id: string, arms: Arm[]): Promise<{ arms: Arm[] }>;
  stopExperiment(id: string, winner: number, moveVisitors: boolean): Promise<{ published: number; previous: number }>;
}

/**
 * What the studio's views that call the editor API share: the client (null until the editor has given their token),
 * why the server refused the token, signing in, and forgetting a refused token.
 */
export interface EditorAccess {
  api: EditorApi | null;
  onToken: (token: string) => void;
  /** Why the token was refused, once the server has said so. */
  refused: string | null;
  onRefused: (message: string) => void;
}

/** An experiment as the editor API lists a flow's. */
export interface ListedExperiment {
  id: string;
  name: string;
  state: 'running' | 'stopped';
  createdAt: string;
  winner: number | null;
}

export function editorApi(token: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): EditorApi {
  const call = async (method: 'GET' | 'POST' | 'PATCH', path: string, body?: string): Promise<Response> => {
    const response = await fetchImpl(path, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body } : {}),
    });
    if (response.ok) return response;
    const answer = (await response.json().catch(() => null)) as { message?: string; problems?: VersionProblem[] } | null;
    throw new EditorApiError(response.status, answer?.message ?? `the server answered ${response.status}`, answer?.problems ?? []);
  };
  const flowPath = (flowId: string) => `/editor/flows/${encodeURIComponent(flowId)}`;
  return {
    versions: async (flowId) => (await call('GET', `${flowPath(flowId)}/versions`)).json() as Promise<{ published: number; versions: StoredVersion[] }>,
    versionText: async (flowId, version) => (await call('GET', `${flowPath(flowId)}/versions/${version}`)).text(),
    store: async (flowId, text, note) => (await call('POST', `${flowPath(flowId)}/versions${note ? `?note=${encodeURIComponent(note)}` : ''}`, text)).json() as Promise<{ version: number }>,
    publish: async (flowId, version, expectedPublished) =>
      (await call('POST', `${flowPath(flowId)}/publish`, JSON.stringify({ version, expectedPublished }))).json() as Promise<{ published: number; previous: number }>,
    preview: async (flowId, version) => (await call('POST', `${flowPath(flowId)}/versions/${version}/preview`)).json() as Promise<{ url: string; expiresAt: string }>,
    experiments: async (flowId) => ((await (await call('GET', `${flowPath(flowId)}/experiments`)).json()) as { experiments: ListedExperiment[] }).experiments,
    experiment: async (id) => (await call('GET', `/editor/experiments/${encodeURIComponent(id)}`)).json() as Promise<ExperimentReport>,
    startExperiment: async (flowId, name, arms) => (await call('POST', `${flowPath(flowId)}/experiments`, JSON.stringify({ name, arms }))).json() as Promise<{ id: string }>,
    setWeights: async (id, arms) => (await call('PATCH', `/editor/experiments/${encodeURIComponent(id)}`, JSON.stringify({ arms }))).json() as Promise<{ arms: Arm[] }>,
    stopExperiment: async (id, winner, moveVisitors) =>
      (await call('POST', `/editor/experiments/${encodeURIComponent(id)}/stop`, JSON.stringify({ winner, moveVisitors }))).json() as Promise<{ published: number; previous: number }>,
  };
}
