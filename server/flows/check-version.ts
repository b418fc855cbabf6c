import { locateProblems, readFlowText, type FlowAssets, type LocatedProblem } from '../../src/shared/check-flow-text';
import type { Flow, Migration } from '../../src/engine/generated/flow-types';
import type { FlowProblem } from '../../src/engine/flow-problem';
import { walkMachine } from './walk-machine';
import { productKinds } from '../../src/engine/kinds/product-kinds';
import { replayPersonas, type NamedPersona } from './replay-personas';

export type VersionCheck = { ok: true; flow: Flow } | { ok: false; problems: LocatedProblem[] };

/**
 * Everything a flow's text goes through before the store keeps it as a version: what `flow:check` runs (the JSON's
 * syntax, the schema and the rules a schema cannot say, each problem located by line, column and JSON pointer), then
 * the flow's migrations checked to keep the latest stored version's (they are append-only), the compiled machine walked
 * path by path, then every persona replayed to the screen it names. The first stage that
 * finds problems answers them all; a later stage needs the earlier ones' valid flow.
 */
export async function checkVersion(
  file: string,
  text: string,
  personas: readonly NamedPersona[],
  earlierMigrations: readonly Migration[] = [],
  assets?: FlowAssets,
): Promise<VersionCheck> {
  const { flow, problems } = readFlowText(file, text, assets);
  if (!flow) return { ok: false, problems };
  const kept = keepsMigrations(flow, earlierMigrations);
  if (kept.length > 0) return { ok: false, problems: locateProblems(file, text, kept) };
  const walked = walkMachine(flow, productKinds);
  if (walked.length > 0) return { ok: false, problems: locateProblems(file, text, walked) };
  const replayed = await replayPersonas(flow, personas);
  if (replayed.length > 0) return { ok: false, problems: locateProblems(file, text, replayed) };
  return { ok: true, flow };
}

/**
 * A version's `migrations` start with those of the flow's latest stored version, in order: a visitor on any version
 * can then be carried to any other (migrations.ts). A step dropped or changed would strand them.
 */
function keepsMigrations(flow: Flow, earlier: readonly Migration[]): FlowProblem[] {
  const steps = flow.migrations ?? [];
  for (let i = 0; i < earlier.length; i += 1) {
    if (JSON.stringify(steps[i]) === JSON.stringify(earlier[i])) continue;
    return [
      {
        pointer: i < steps.length ? `/migrations/${i}` : steps.length > 0 ? `/migrations/${steps.length - 1}` : '/version',
        message: `the latest stored version's migration step ${i} (${JSON.stringify(earlier[i])}) is ${i < steps.length ? 'changed' : 'missing'} here: migrations are append-only`,
        hint: 'keep every earlier step, in order, and add new ones at the end',
      },
    ];
  }
  return [];
}
