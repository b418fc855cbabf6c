import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  // The art must be in public/, from where the build ships it (its blurred copies are made by the build).
  const publicDir = resolve(import.meta.dirname, '..', 'public');
  return readFlowText(file, text, { exists: (path) => existsSync(join(publicDir, path)) && !path.split('/').includes('..'), where: 'public/', blurredCopies: false });
}

export async function checkFlowFile(file: string): Promise<LocatedProblem[]> {
  return readFlowFileSync(file).problems;
}
