import type { Condition, EmailScreen, Flow, Screen } from './generated/flow-types';
import type { FlowProblem } from './flow-problem';
import { branchesOf, followersOf, indexFlow, isOfferedOnce, predecessors, reachable } from './flow-graph';
import { requiresUnseen } from './conditions';
import { isQuestionScreen } from './answers';

type Report = (pointer: string, message: string, hint: string) => void;

/**
 * The rules that keep what a flow tells visitors true, beyond what the schema says:
 * - a screen offered once (`once: true`, a discount page that says it will not be offered again) is led to only
 *   while the visitor has not seen it: every branch and return route to it tests `{ "seen": it, "is": false }`,
 *   and a `seen` condition names a screen that is offered once (no other is remembered, so the test would be void);
 * - a price screen's list of recent purchases (`transactionsTitle`) shows what an effect loaded (`transactionsFrom`),
 *   never a made-up list;
 * - an email screen's reading preview draws each insight from a question every visitor has answered by then, with
 *   a text for each of its options, and shows its texts as written (no placeholders).
 * Assumes the flow passed the schema; references to unknown screens are reported by the other checks.
 */
export function checkClaims(flow: Flow): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const report: Report = (pointer, message, hint) => problems.push({ pointer, message, hint });
  const { byId, byRoute } = indexFlow(flow);
  const isOnce = isOfferedOnce;

  flow.screens.forEach((screen, i) => {
    const at = `/screens/${i}`;
    // Every way forward to a screen offered once.
    if (typeof screen.next === 'string') {
      if (isOnce(byId.get(screen.next))) report(`${at}/next`, leadsAgain(screen.next), guardHint(screen.next));
    } else {
      branchesOf(screen).forEach((branch, b) => {
        if (isOnce(byId.get(branch.to)) && !requiresUnseen(branch.when, branch.to)) report(`${at}/next/${b}`, leadsAgain(branch.to), guardHint(branch.to));
        if (branch.when) checkSeenNames(branch.when, `${at}/next/${b}/when`, byId, report);
      });
    }
    if (screen.kind === 'price') {
      for (const [name, value] of Object.entries(screen.returnTo ?? {})) {
        const pointer = `${at}/returnTo/${name}`;
        if (typeof value === 'string') {
          const target = byRoute.get(value);
          if (target && isOnce(target)) report(pointer, leadsAgain(target.id), `make it routes tried in order, the route to "${value}" with "when": {"seen": "${target.id}", "is": false}, then a default`);
          continue;
        }
        value.forEach((branch, r) => {
          const target = byRoute.get(branch.to);
          if (target && isOnce(target) && !requiresUnseen(branch.when, target.id)) report(`${pointer}/${r}`, leadsAgain(target.id), guardHint(target.id));
          if (branch.when) checkSeenNames(branch.when, `${pointer}/${r}/when`, byId, report);
        });
      }
      if (screen.transactionsTitle !== undefined && screen.transactionsFrom === undefined) {
        report(`${at}/transactionsTitle`, 'a list of recent purchases with nothing to list: "transactionsFrom" is missing', 'add "transactionsFrom" with the effect that loads real recent purchases (loadRecentPurchases), or remove "transactionsTitle"');
      }
      if (screen.transactionsFrom !== undefined && !(screen.effects ?? []).includes(screen.transactionsFrom) && !runsBefore(flow, screen, screen.transactionsFrom)) {
        report(`${at}/transactionsFrom`, `no screen on the way here runs "${screen.transactionsFrom}"`, `add "${screen.transactionsFrom}" to the "effects" of this screen`);
      }
    }
    if (screen.kind === 'email' && screen.preview) checkPreview(flow, screen, at, report);
  });
  return problems;
}

function leadsAgain(id: string): string {
  return `leads to "${id}", which is offered once, even after the visitor has seen it`;
}

function guardHint(id: string): string {
  return `add {"seen": "${id}", "is": false} to its "when" (with other conditions, inside an "all")`;
}

/** A `seen` condition names a screen offered once: nothing else is remembered, so the test would always say "not seen". */
function checkSeenNames(condition: Condition, pointer: string, byId: ReadonlyMap<string, Screen>, report: Report): void {
  if ('all' in condition) condition.all.forEach((c, k) => checkSeenNames(c, `${pointer}/all/${k}`, byId, report));
  else if ('any' in condition) condition.any.forEach((c, k) => checkSeenNames(c, `${pointer}/any/${k}`, byId, report));
  else if ('not' in condition) checkSeenNames(condition.not, `${pointer}/not`, byId, report);
  else if ('seen' in condition) {
    const target = byId.get(condition.seen);
    if (!target) report(`${pointer}/seen`, `unknown screen "${condition.seen}"`, 'use the id of a screen in this flow that is offered once');
    else if (!isOfferedOnce(target)) {
      const hint = target.kind === 'price' ? `add "once": true to "${condition.seen}", or test something else` : 'only a price screen is offered once ("once": true): test one of those, or something else';
      report(`${pointer}/seen`, `"${condition.seen}" is not offered once, so nothing remembers whether it was seen`, hint);
    }
  }
}

/** Whether some screen that may come before `screen` (near or far) runs `effect` when it opens. */
function runsBefore(flow: Flow, screen: Screen, effect: string): boolean {
  const preds = predecessors(flow);
  const before = reachable(screen.id, (id) => preds.get(id) ?? []);
  return flow.screens.some((s) => s.id !== screen.id && before.has(s.id) && (s.effects ?? []).includes(effect));
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

function checkPreview(flow: Flow, screen: EmailScreen, at: string, report: Report): void {
  const preview = screen.preview;
  if (!preview) return;
  const base = `${at}/preview`;
  const questions = new Map(flow.screens.filter(isQuestionScreen).map((s) => [s.answerKey, s] as const));
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
    if (!question || (question.kind !== 'single-choice' && question.kind !== 'multiple-choice')) {
      report(`${pointer}/answer`, `"${insight.answer}" is not the answer key of a single- or multiple-choice question`, 'use the answerKey of a choice question asked before this screen');
      return;
    }
    if (reachableWithout(flow, screen.id, question.id)) {
      report(`${pointer}/answer`, `a visitor may reach "${screen.id}" without answering "${insight.answer}" (${question.id}), and would get no insight`, 'use a question every visitor answers before this screen');
    }
    const values = question.options.map((o) => o.value);
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
