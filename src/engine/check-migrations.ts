import type { Flow, Migration } from './generated/flow-types';
import type { FlowProblem } from './flow-problem';
import { isQuestionScreen } from './answers';
import { enumeratedValues } from './kinds/kind-registry';
import type { KindRegistry } from './kinds/screen-kind';

/**
 * The flow's `migrations` must land on this flow: an answer key renamed (and not renamed again by a later step) is an
 * answer key of one of its screens, and a value renamed (and not renamed again) is a value its screen offers. A step
 * that renames nothing (`from` equal to `to`) is a slip.
 */
export function checkMigrations(flow: Flow, kinds: KindRegistry): FlowProblem[] {
  const steps: Migration[] = flow.migrations ?? [];
  const screens = new Map(flow.screens.filter(isQuestionScreen).map((s) => [s.answerKey, s]));
  const problems: FlowProblem[] = [];
  /** The name an answer key has after steps `from` onwards. */
  const finalKey = (key: string, from: number) => {
    let name = key;
    for (const later of steps.slice(from)) if (later.rename === 'answerKey' && later.from === name) name = later.to;
    return name;
  };
  steps.forEach((step, i) => {
    const at = `/migrations/${i}`;
    if (step.from === step.to) {
      problems.push({ pointer: `${at}/to`, message: `step renames "${step.from}" to itself`, hint: 'remove the step, or name what it became' });
      return;
    }
    if (step.rename === 'answerKey') {
      const key = finalKey(step.to, i + 1);
      if (!screens.has(key)) problems.push({ pointer: `${at}/to`, message: `answer key "${key}" is not the answerKey of any screen of this flow`, hint: 'rename to the answerKey a screen now has' });
      return;
    }
    const key = finalKey(step.answerKey, i + 1);
    const screen = screens.get(key);
    const values = screen ? enumeratedValues(kinds, screen) : null;
    if (!screen || !values) {
      problems.push({ pointer: `${at}/answerKey`, message: `answer key "${key}" is not the answerKey of a screen with options in this flow`, hint: 'name the answer key of a single- or multiple-choice screen, as named at this step' });
      return;
    }
    let value = step.to;
    for (let j = i + 1; j < steps.length; j += 1) {
      const later = steps[j]!;
      if (later.rename === 'value' && finalKey(later.answerKey, j + 1) === key && later.from === value) value = later.to;
    }
    if (!values.includes(value)) problems.push({ pointer: `${at}/to`, message: `"${value}" is not an option value of screen "${screen.id}"`, hint: `use one of ${values.map((v) => `"${v}"`).join(', ')}` });
  });
  return problems;
}
