/**
 * `npm run funnel:report -- --since 7d [--by FLAG] [--flow FILE]`: drop-off per screen from the server's event log,
 * one table per flow version (newest first) and, with `--by`, per variant of that A/B flag: visitors shown the
 * screen, visitors who went on, drop-off = 1 − went on / shown (never against the previous row, so branches
 * count right: src/engine/drop-off.ts) and the median time to go on. Each version's screens in that version's order
 * as the flow store holds it, else in FILE's (default FLOW_FILE or flows/astrology.json: only its flow's events
 * count); an end screen has no drop-off.
 *
 * `--experiment ID`: the experiment's readout from the server's records (server/experiments/readout.ts), the same as
 * the editor API's, then drop-off per arm. `--by FLAG --money`: the same readout by the variant of a Remote Config flag
 * for the visitors of the window. `--format json` prints the report as JSON for tools.
 *
 * Same database as the server (DATA_DIR, DATABASE_URL). A bad argument or a database it cannot read: one line on
 * stderr, exit 1.
 */
import { formatProblem, readFlowFileSync } from './check-flow-file';
import { firstLine, printable, storeCli, type StoreCli } from './store-cli';
import { funnelEventsSince } from '../server/analytics/event-log';
import { dropOff, layoutFor, type DropOffOptions, type DropOffTable, type FunnelEvent, type ScreenLayout } from '../src/engine/drop-off';
import { versionLayouts } from '../server/flows/version-layouts';
import { experimentReport } from '../server/experiments/experiment-report';
import { flagReadout } from '../server/experiments/readout';
import { printExperiment, printFlag } from './print-readout';

const cli: StoreCli = storeCli('funnel:report', { by: 'FLAG', flow: 'FILE', experiment: 'ID', format: 'text|json' }, '7d', ['money']);
const format = cli.values.format ?? 'text';
if (format !== 'text' && format !== 'json') cli.fail(`invalid --format: "${format}" (text or json)`);
const write = (json: unknown, text: () => string) => process.stdout.write(`${format === 'json' ? JSON.stringify(json, null, 2) : text()}\n`);

if (cli.values.experiment !== undefined) {
  const id = cli.values.experiment;
  if (!/^exp_[0-9a-f]{16}$/.test(id)) cli.fail(`invalid --experiment: "${id}" is not an experiment id (exp_ and 16 hex digits)`);
  const store = cli.open();
  let report: Awaited<ReturnType<typeof experimentReport>> = null;
  try {
    report = await experimentReport(store, id);
  } catch (error) {
    await store.close();
    cli.fail(`cannot read ${store.description}: ${firstLine(error)}`);
  }
  await store.close();
  if (!report) cli.fail(`no experiment ${id} in ${store.description}`);
  write(report, () => printExperiment(report));
  process.exit(0);
}
if (cli.values.money !== undefined && cli.values.by === undefined) cli.fail('--money needs --by FLAG: the flag whose variants to judge on money');
const flowFile = cli.values.flow ?? process.env.FLOW_FILE ?? 'flows/astrology.json';
const { flow, problems } = readFlowFileSync(flowFile);
if (!flow) {
  for (const problem of problems) console.error(formatProblem(problem));
  cli.fail(`${flowFile} is not a valid flow`);
}

if (cli.values.money !== undefined) {
  const flag = cli.values.by!;
  const declared = Object.keys(flow.flags ?? {});
  if (!declared.includes(flag)) cli.fail(`invalid --by: "${flag}" is none of ${flow.id}'s flags (${declared.join(', ') || 'it has none'})`);
  const store = cli.open();
  try {
    const readout = await flagReadout(store.db, flow.id, flag, cli.from);
    await store.close();
    write(readout, () => printFlag(readout));
  } catch (error) {
    await store.close();
    cli.fail(`cannot read ${store.description}: ${firstLine(error)}`);
  }
  process.exit(0);
}

const store = cli.open();
let events: FunnelEvent[] = [];
let layouts = new Map<number, ScreenLayout>();
try {
  events = await funnelEventsSince(store.db, cli.from);
  // Each version's table lists the screens of that version as the flow store holds it; FILE's for any it does not.
  layouts = await versionLayouts(store.db).of(flow.id, events.filter((e) => e.flowId === flow.id).map((e) => e.flowVersion));
} catch (error) {
  await store.close();
  cli.fail(`cannot read the event log of ${store.description}: ${firstLine(error)}`);
}
await store.close();

const options: DropOffOptions = { flowId: flow.id, order: flow.screens.map((s) => s.id), ends: new Set(flow.screens.filter((s) => s.end === true).map((s) => s.id)), layouts, by: cli.values.by };
const tables = dropOff(events, options);

const percent = (value: number | null) => (value === null ? 'end' : `${(value * 100).toFixed(1)}%`);
const seconds = (value: number | null) => (value === null ? '-' : `${value.toFixed(1)} s`);
function print(table: DropOffTable): string[] {
  const ends = layoutFor(table.flowVersion, options).ends;
  const variant = table.variant ? ` · ${table.variant.flag} = ${table.variant.value === null ? '(not assigned)' : printable(table.variant.value)}` : '';
  const width = Math.max(6, ...table.rows.map((r) => r.screenId.length));
  return [
    `${table.flowId} v${table.flowVersion}${variant} · ${table.visitors} visitor${table.visitors === 1 ? '' : 's'}`,
    `${'screen'.padEnd(width)}  ${'shown'.padStart(6)}  ${'went on'.padStart(7)}  ${'drop-off'.padStart(8)}  ${'median'.padStart(8)}`,
    ...table.rows.map((r) => `${printable(r.screenId).padEnd(width)}  ${String(r.shown).padStart(6)}  ${String(r.wentOn).padStart(7)}  ${(r.shown > 0 && !ends?.has(r.screenId) ? percent(r.dropOff) : 'end').padStart(8)}  ${seconds(r.medianSeconds).padStart(8)}`),
  ];
}
const blocks = tables.map((table) => print(table).join('\n'));
const counted = events.filter((e) => e.flowId === flow.id).length;
blocks.push(`${tables.length} table${tables.length === 1 ? '' : 's'} from ${counted} event${counted === 1 ? '' : 's'} of ${flow.id} since ${cli.from.toISOString()}`);
write(tables, () => blocks.join('\n\n'));
