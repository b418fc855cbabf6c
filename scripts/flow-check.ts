/**
 * `npm run flow:check -- FILE…`: validates flow files with the app's own validator and prints each
 * problem on one line (file:line:column, JSON pointer, what is wrong; what to do). Exit 1 on any.
 */
import { checkFlowFile, formatProblem } from './check-flow-file';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run flow:check -- flows/astrology.json [more.json…]');
  process.exit(2);
}
let failures = 0;
for (const file of files) {
  const problems = await checkFlowFile(file);
  for (const problem of problems) console.error(formatProblem(problem));
  if (problems.length === 0) console.log(`${file}: ok`);
  failures += problems.length;
}
process.exitCode = failures > 0 ? 1 : 0;
