import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FlowProblem } from '../../src/engine/flow-problem';
import type { Flow } from '../../src/engine/generated/flow-types';
import { personaZones, placeholderEnvironment, readPersona, simulatePersona, type Persona } from '../../src/domain/simulate-persona';
import { zoneHistory } from '../tz/zone-histories';
import { answersForFlow } from '../../src/engine/migrations';
import type { Answers } from '../../src/engine/answers';
import { productKinds } from '../../src/engine/kinds/product-kinds';

/** A persona file's visitor, by the file's name (flows/personas/NAME.json). */
export interface NamedPersona {
  file: string;
  persona: Persona;
}

/** The personas in a folder (flows/personas), read once when the server starts; none when the folder is missing. */
export async function readPersonas(dir: string): Promise<NamedPersona[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const personas: NamedPersona[] = [];
  for (const name of names) {
    const file = join(dir, name);
    personas.push({ file: `flows/personas/${name}`, persona: readPersona(JSON.parse(await readFile(file, 'utf8')), file) });
  }
  return personas;
}

/**
 * Walks every persona, its answers renamed by the flow's `migrations`, through the flow on its compiled machine (the simulation flow:simulate prints) and says where
 * one ends on another screen than the one it names (`expectedEnd`; without one, an end screen of the flow). The
 * problem points at the screen the persona stopped on, with why it stopped there.
 */
export async function replayPersonas(flow: Flow, personas: readonly NamedPersona[]): Promise<FlowProblem[]> {
  const problems: FlowProblem[] = [];
  for (const { file, persona: written } of personas) {
    // A persona is written for some version of the flow: its answers follow the flow's declared renamings.
    const persona: Persona = { ...written, answers: answersForFlow(written.answers as unknown as Answers, flow) as unknown as Persona['answers'] };
    const zoneHistories = Object.fromEntries(
      personaZones(persona).flatMap((zone) => {
        const history = zoneHistory(zone);
        return history ? [[zone, history]] : [];
      }),
    );
    const simulation = await simulatePersona(flow, productKinds, persona, { ...placeholderEnvironment, project: flow.product.id, zoneHistories });
    const last = simulation.steps.at(-1)?.screen ?? flow.start;
    const expected = persona.expectedEnd ?? persona.stopAt;
    const endedWell = expected ? last === expected : flow.screens.some((s) => s.id === last && s.end === true);
    if (endedWell) continue;
    const index = flow.screens.findIndex((s) => s.id === last);
    problems.push({
      pointer: index >= 0 ? `/screens/${index}` : '',
      message: `persona ${persona.name} (${file}) ends on "${last}", not ${expected ? `"${expected}"` : 'an end screen'}: ${simulation.stopped}`,
      hint: 'keep the answers the persona gives (option values, answer keys) or declare their renaming, or change the persona',
    });
  }
  return problems;
}
