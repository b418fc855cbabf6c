/**
 * `npm run flow:simulate -- PERSONA [--flow FILE] [--json]`: walks a persona (flows/personas/PERSONA.json, or a
 * path) through the flow on the compiled machine and prints the path screen by screen, the plan set each price
 * screen shows, and the requests the path sends with the visitor's answers, built by the app's own payload builders
 * (src/domain/simulate-persona.ts). What only a browser knows is a placeholder: {usid}, {userAgent},
 * {browserTimeZone}, {orderId}. Exit 1 on a persona or flow that is not valid (one line each: file, pointer, what).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Ajv } from 'ajv';
import { formatProblem, readFlowFileSync } from './check-flow-file';
import { personaZones, placeholderEnvironment, simulatePersona, type Persona } from '../src/domain/simulate-persona';
import { zoneHistory } from '../server/tz/zone-histories';
import { productKinds } from '../src/engine/kinds/product-kinds';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { flow: { type: 'string' }, json: { type: 'boolean' } } });
} catch (error) {
  fail(`flow:simulate: ${(error as Error).message}`);
}
const [name] = parsed.positionals;
if (!name || parsed.positionals.length > 1) fail('usage: npm run flow:simulate -- PERSONA [--flow FILE] [--json]   (PERSONA: a name in flows/personas/ or a file)');
const file = existsSync(name) ? name : join('flows', 'personas', `${name}.json`);
if (!existsSync(file)) fail(`flow:simulate: no persona ${name} (looked for ${file})`);

let data: unknown;
try {
  data = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  fail(`${file}: not JSON: ${(error as Error).message}`);
}
const schema = JSON.parse(readFileSync(new URL('../schemas/persona.schema.json', import.meta.url), 'utf8')) as object;
const validate = new Ajv({ allErrors: true }).compile(schema);
if (!validate(data)) fail((validate.errors ?? []).map((e) => `${file} ${e.instancePath || '/'} ${e.message ?? 'is not valid'}`).join('\n'));
const persona = data as Persona;

const flowFile = parsed.values.flow ?? process.env.FLOW_FILE ?? 'flows/astrology.json';
const { flow, problems } = readFlowFileSync(flowFile);
if (!flow) fail(problems.map(formatProblem).join('\n'));

// The birthplace zones' histories from the server's tz data, as the app gets them (GET /places/zone).
const zoneHistories = Object.fromEntries(personaZones(persona).flatMap((zone) => {
  const history = zoneHistory(zone);
  return history ? [[zone, history]] : [];
}));
const env = { ...placeholderEnvironment, project: flow.product.id, zoneHistories };
const simulation = await simulatePersona(flow, productKinds, persona, env);
/** An answer in one line: a place by its label, offset and zone (its history, kept in the answer, is long). */
function answerText(value: unknown): string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'zoneHistory' in value) {
    const { zoneHistory: history, ...place } = value as { zoneHistory: { version: string } };
    return `${JSON.stringify(place)} (offset from the tz ${history.version} history of the zone)`;
  }
  return JSON.stringify(value);
}

if (parsed.values.json) {
  process.stdout.write(`${JSON.stringify(simulation, null, 2)}\n`);
} else {
  const lines = [`${persona.name} through ${flow.id} v${flow.version}${persona.description ? `: ${persona.description}` : ''}`, ''];
  simulation.steps.forEach((step, i) => {
    const action = step.action === null ? '' : step.action.type === 'ANSWER' ? `answers ${answerText(step.action.value)}` : step.action.type === 'SUBMIT_EMAIL' ? 'gives the email' : 'goes on';
    const outcome = step.outcome ? ` → ${step.outcome}` : '';
    const payment = step.payment ? `; hosted payment: ${step.payment.result}, back to ${step.payment.returnsTo}` : '';
    lines.push(`${String(i + 1).padStart(3)}. ${step.screen} ${step.route}${action ? `: ${action}` : ''}${outcome}${payment}`);
  });
  lines.push('', simulation.stopped);
  if (simulation.planSets.length > 0) {
    lines.push('', 'plan sets shown:');
    for (const { screen, planSet } of simulation.planSets) lines.push(`  ${screen}: ${planSet.groups.join(', ')}${planSet.abTestId ? ` (abTestId ${planSet.abTestId})` : ''}`);
  }
  lines.push('', `requests with the visitor's answers (${simulation.requests.length}):`);
  for (const request of simulation.requests) {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    lines.push(`  ${request.method} ${request.path}${query}  (${request.effect} on ${request.screen})`);
    if (request.body !== undefined) lines.push(...JSON.stringify(request.body, null, 2).split('\n').map((l) => `    ${l}`));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
