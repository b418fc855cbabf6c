/** One problem in a flow: where (a JSON pointer into the file), what is wrong, and what to do. */
export interface FlowProblem {
  pointer: string;
  message: string;
  hint: string;
}
