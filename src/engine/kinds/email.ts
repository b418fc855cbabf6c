import type { EmailScreen, Flow } from '../generated/flow-types';
import { isEmailAddress, isQuestionScreen } from '../answers';
import { followersOf, indexFlow, reachable } from '../flow-graph';
import type { KindCheck, ScreenKind } from './screen-kind';
import { questionTexts } from './question-texts';

/** The email capture: the address is submitted to the screen's effect, held in memory only and never saved. */
export const emailKind: ScreenKind<EmailScreen> = {
  kind: 'email',
  submits: 'email',
  personalAnswer: 'the visitor\'s email address',
  answerProblem(_screen, value) {
    if (typeof value !== 'string' || value.trim() === '') return 'required';
    return isEmailAddress(value.trim()) ? null : 'invalid';
  },
  variableTexts: questionTexts,
  checkClaims: (screen, context) => checkPreview(screen, context),
};

/**
 * The reading preview draws each insight from a question every visitor has answered by then, with a text for each of
 * its options, and shows its texts as written (no placeholders).
 */
function checkPreview(screen: EmailScreen, { flow, pointer: at, report, questions }: KindCheck): void {
  const preview = screen.preview;
  if (!preview) return;
  const base = `${at}/preview`;
  const texts: Array<[string, string]> = [
    [`${base}/title`, preview.title],
    [`${base}/sun`, preview.sun],
    [`${base}/moon`, preview.moon],
    [`${base}/locked`, preview.locked],
  ];
  const used = new Map<string, number>();
  preview.insights.forEach((insight, k) => {
    const pointer = `${base}/insights/${k}`;
    const first = used.get(insight.answer);
    if (first !== undefined) report(`${pointer}/answer`, `answer "${insight.answer}" already gives insight ${first}`, 'draw each insight from another question');
    else used.set(insight.answer, k);
    for (const [value, text] of Object.entries(insight.texts)) texts.push([`${pointer}/texts/${value}`, text]);
    const question = questions.get(insight.answer);
    const options = question && isQuestionScreen(question) && 'options' in question ? question.options : undefined;
    if (!question || !options) {
      report(`${pointer}/answer`, `"${insight.answer}" is not the answer key of a single- or multiple-choice question`, 'use the answerKey of a choice question asked before this screen');
      return;
    }
    if (reachableWithout(flow, screen.id, question.id)) {
      report(`${pointer}/answer`, `a visitor may reach "${screen.id}" without answering "${insight.answer}" (${question.id}), and would get no insight`, 'use a question every visitor answers before this screen');
    }
    const values = options.map((o) => o.value);
    for (const value of Object.keys(insight.texts)) {
      if (!values.includes(value)) report(`${pointer}/texts/${value}`, `"${value}" is not an option of "${insight.answer}"`, `use one of ${values.join(', ')}`);
    }
    const missing = values.filter((value) => !Object.hasOwn(insight.texts, value));
    if (missing.length > 0) report(`${pointer}/texts`, `no insight for ${missing.map((v) => `"${v}"`).join(', ')} of "${insight.answer}"`, 'write a text for every option, so every visitor gets this insight');
  });
  for (const [pointer, text] of texts) {
    if (/\{[^{}]+\}/.test(text)) report(pointer, 'a reading preview shows its texts as written: a placeholder would show as typed', 'write the text without {…}');
  }
}

/** Whether a visitor can reach `target` from the start without passing `skipped`. */
function reachableWithout(flow: Flow, target: string, skipped: string): boolean {
  if (flow.start === skipped) return false;
  const { byId } = indexFlow(flow);
  const followers = (id: string) => {
    const screen = byId.get(id);
    return screen ? followersOf(flow, screen).filter((next) => next !== skipped) : [];
  };
  return reachable(flow.start, followers).has(target);
}
