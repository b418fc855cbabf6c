/**
 * `npm run flow:graph -- FILE [--format mermaid|json]`: the flow's screens and the ways between them (screen-graph.ts),
 * as a Mermaid stateDiagram-v2 (default: paste it in a review, the README shows one) or as JSON. An invalid flow
 * prints the checker's located lines instead, and exits 1.
 */
import { formatProblem, readFlowFileSync } from './check-flow-file';
import { screenGraph, toMermaid } from '../src/engine/screen-graph';
import { productKinds } from '../src/engine/kinds/product-kinds';

const args = process.argv.slice(2);
const formatAt = args.indexOf('--format');
const format = formatAt >= 0 ? args[formatAt + 1] : 'mermaid';
const files = args.filter((arg, i) => !arg.startsWith('--') && (formatAt < 0 || i !== formatAt + 1));
if (files.length !== 1 || (format !== 'mermaid' && format !== 'json')) {
  console.error('usage: npm run flow:graph -- flows/astrology.json [--format mermaid|json]');
  process.exit(2);
}
const { flow, problems } = readFlowFileSync(files[0]!);
if (!flow) {
  for (const problem of problems) console.error(formatProblem(problem));
  process.exit(1);
}
const graph = screenGraph(flow, productKinds);
process.stdout.write(format === 'json' ? `${JSON.stringify(graph, null, 2)}\n` : toMermaid(graph));
