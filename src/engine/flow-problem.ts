/** One problem in a flow: where (a JSON pointer into the file), what is wrong, and what to do. */
export interface FlowProblem {
  pointer: string;
  message: string;
  hint: string;
}

/** A flow that cannot be run as given (thrown by the compiler), carrying its located problems. */
export class FlowProblemsError extends Error {
  readonly problems: FlowProblem[];

  constructor(problems: FlowProblem[]) {
    super(problems.map((p) => `${p.pointer}: ${p.message}; ${p.hint}`).join('\n'));
    this.name = 'FlowProblemsError';
    this.problems = problems;
  }
}
