import { readFileSync } from 'node:fs';
import type { Flow } from '../src/engine/generated/flow-types';
import { readFlowText, type LocatedProblem } from '../src/shared/check-flow-text';

export { checkFlowText, formatProblem, readFlowText, type LocatedProblem } from '../src/shared/check-flow-text';

/** The validated flow of a flow file, or its located problems. */
export function readFlowFileSync(file: string): { flow: Flow | null; problems: LocatedProblem[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return { flow: null, problems: [{ file, line: 1, column: 1, pointer: '', message: `cannot read the file (${reason})`, hint: 'check the path' }] };
  }
  return readFlowText(file, text);
}

export async function checkFlowFile(file: string): Promise<LocatedProblem[]> {
  return readFlowFileSync(file).problems;
}
