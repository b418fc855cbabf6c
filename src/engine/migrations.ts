import type { Flow, Migration } from './generated/flow-types';
import type { Answers } from './answers';

/**
 * A flow's `migrations`: the renamings of answer keys and option values its versions made, in order, append-only (each
 * version keeps the steps of the versions before it). Saved progress records the steps of the version it was saved
 * on, so that it can be carried to any other version: forwards, the steps it lacks are applied; backwards (after a
 * rollback), the steps the other version lacks are undone, last first.
 */
export function migrationsOf(flow: Flow): Migration[] {
  return flow.migrations ?? [];
}

const sameStep = (a: Migration, b: Migration) => JSON.stringify(a) === JSON.stringify(b);

/** The opposite renaming. */
function inverted(step: Migration): Migration {
  return step.rename === 'answerKey' ? { rename: 'answerKey', from: step.to, to: step.from } : { rename: 'value', answerKey: step.answerKey, from: step.to, to: step.from };
}

/** One renaming applied to answers: a key moves (unless its new name is taken), a value changes, alone or in a list. */
function applyStep(answers: Answers, step: Migration): Answers {
  if (step.rename === 'answerKey') {
    if (!(step.from in answers) || step.to in answers) return answers;
    const { [step.from]: moved, ...rest } = answers;
    return { ...rest, [step.to]: moved! };
  }
  const value = answers[step.answerKey];
  if (value === step.from) return { ...answers, [step.answerKey]: step.to };
  if (Array.isArray(value) && value.includes(step.from)) return { ...answers, [step.answerKey]: value.map((v) => (v === step.from ? step.to : v)) };
  return answers;
}

/** Answers saved under `from` steps, renamed as the `to` steps name them. */
export function carryAnswers(answers: Answers, from: readonly Migration[], to: readonly Migration[]): Answers {
  let shared = 0;
  while (shared < from.length && shared < to.length && sameStep(from[shared]!, to[shared]!)) shared += 1;
  let carried = answers;
  for (const step of from.slice(shared).reverse()) carried = applyStep(carried, inverted(step));
  for (const step of to.slice(shared)) carried = applyStep(carried, step);
  return carried;
}

/** Answers written for any earlier version (a persona's), with every step of the flow applied. */
export function answersForFlow(answers: Answers, flow: Flow): Answers {
  return carryAnswers(answers, [], migrationsOf(flow));
}
