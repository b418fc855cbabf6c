/**
 * The readouts of `npm run funnel:report` as text: an experiment's arms (or a flag's variants) in a table, then each
 * one's probability to be best and expected loss, then what not to trust and why. Money is in the currency charged,
 * in its major unit (cents / 100).
 */
import { formatReadout, type ExperimentReport, type FlagReadout, type GroupReadout } from '../src/shared/experiment-readout';
import { printable } from './store-cli';

const { percent, money, perVisitor, interval } = formatReadout;

/** The table of groups (arms or variants) named by `labels`: counts, conversion, revenue, per visitor. */
function groupTable(labels: string[], groups: GroupReadout[]): string[] {
  const currencies = [...new Set(groups.flatMap((g) => g.revenue.map((r) => r.currency)))];
  const none = currencies.length === 0;
  const header = ['', 'exposed', 'email', 'checkout', 'paid', 'paid rate (95% interval)', 'P(best)', 'exp. loss', ...currencies.flatMap((c) => [`revenue ${c}`, `per visitor ${c} (95% interval)`, 'P(best)', 'exp. loss']), ...(none ? ['revenue'] : [])];
  const rows = groups.map((g, i) => [
    labels[i]!,
    String(g.exposed),
    String(g.gaveEmail),
    String(g.startedCheckout),
    String(g.paid),
    `${percent(g.conversion.rate)} (${interval(g.conversion.interval, percent)})`,
    percent(g.conversion.probabilityBest),
    percent(g.conversion.expectedLoss),
    ...currencies.flatMap((c) => {
      const r = g.revenue.find((x) => x.currency === c);
      return r ? [money(r.cents), `${perVisitor(r.perVisitor)} (${interval(r.interval, perVisitor)})`, percent(r.probabilityBest), perVisitor(r.expectedLoss)] : ['0.00', '–', '–', '–'];
    }),
    ...(none ? ['none yet'] : []),
  ]);
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => row[col]!.length)));
  const line = (cells: string[]) => cells.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

export function printExperiment(report: ExperimentReport): string {
  const { experiment } = report;
  const state = experiment.state === 'running' ? 'running' : `stopped ${experiment.stoppedAt ?? ''}, v${experiment.winner} published`;
  const lines = [
    `experiment ${experiment.id} "${printable(experiment.name)}" on ${experiment.flowId} · ${state} · since ${experiment.createdAt}`,
    `arms: ${experiment.arms.map((arm) => `v${arm.version} weight ${arm.weight}`).join(', ')}`,
    report.source,
    '',
    ...groupTable(report.arms.map((arm) => `v${arm.version}`), report.arms),
    '',
  ];
  const check = report.ratioCheck;
  lines.push(
    check
      ? `sample ratio check: ${formatReadout.ratioCheck(check)}: ${check.mismatch ? 'MISMATCH, NOT TO BE TRUSTED' : 'healthy'}`
      : 'sample ratio check: no exposures yet',
  );
  for (const note of report.notes) lines.push(`! ${note}`);
  lines.push('', `drop-off per arm: ${report.dropOff.source}`);
  for (const table of report.dropOff.tables) {
    lines.push(`v${table.flowVersion} · ${table.visitors} visitor${table.visitors === 1 ? '' : 's'}`);
    for (const row of table.rows) lines.push(`  ${printable(row.screenId).padEnd(32)} ${String(row.shown).padStart(6)} shown ${String(row.wentOn).padStart(6)} went on  ${row.dropOff === null ? 'end' : percent(row.dropOff)}`);
  }
  return lines.join('\n');
}

export function printFlag(readout: FlagReadout): string {
  return [
    `${readout.flag} by variant, money since ${readout.since}`,
    readout.source,
    '',
    ...groupTable(readout.variants.map((v) => (v.value === null ? '(not assigned)' : printable(v.value))), readout.variants),
    ...readout.notes.map((note) => `! ${note}`),
  ].join('\n');
}
