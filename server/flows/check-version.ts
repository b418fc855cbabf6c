import { locateProblems, readFlowText, type LocatedProblem } from '../../src/shared/check-flow-text';
import type { Flow } from '../../src/engine/generated/flow-types';
import { walkMachine } from './walk-machine';
import { replayPersonas, type NamedPersona } from './replay-personas';

export type VersionCheck = { ok: true; flow: Flow } | { ok: false; problems: LocatedProblem[] };

/**
 * Everything a flow's text goes through before the store keeps it as a version: what `flow:check` runs (the JSON's
 * syntax, the schema and the rules a schema cannot say, each problem located by line, column and JSON pointer), then
 * the compiled machine walked path by path, then every persona replayed to the screen it names. The first stage that
 * finds problems answers them all; a later stage needs the earlier ones' valid flow.
 */
export async function checkVersion(file: string, text: string, personas: readonly NamedPersona[]): Promise<VersionCheck> {
  const { flow, problems } = readFlowText(file, text);
  if (!flow) return { ok: false, problems };
  const walked = walkMachine(flow);
  if (walked.length > 0) return { ok: false, problems: locateProblems(file, text, walked) };
  const replayed = await replayPersonas(flow, personas);
  if (replayed.length > 0) return { ok: false, problems: locateProblems(file, text, replayed) };
  return { ok: true, flow };
}
