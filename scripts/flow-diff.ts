/**
 * `npm run flow:diff -- A.json B.json`: what changed from flow A to flow B, one line each (`+` added, `-` removed,
 * `~` changed), by screen id: screens, their texts, options, events and other fields, transitions and their
 * conditions, the flow's fields and flags (src/engine/flow-diff.ts). Exit 0 when the flows are the same, 1 when they
 * differ (as diff does), 2 when a file is not a valid flow (the checker's located lines say why).
 */
import { formatProblem, readFlowFileSync } from './check-flow-file';
import { diffFlows } from '../src/engine/flow-diff';
import { productKinds } from '../src/engine/kinds/product-kinds';

const files = process.argv.slice(2);
if (files.length !== 2) {
  console.error('usage: npm run flow:diff -- before.json after.json');
  process.exit(2);
}
const [a, b] = files.map((file) => readFlowFileSync(file));
if (!a?.flow || !b?.flow) {
  for (const problem of [...(a?.problems ?? []), ...(b?.problems ?? [])]) console.error(formatProblem(problem));
  process.exit(2);
}
const lines = diffFlows(a.flow, b.flow, productKinds);
for (const line of lines) console.log(line);
if (lines.length === 0) console.log('no differences');
process.exitCode = lines.length > 0 ? 1 : 0;
