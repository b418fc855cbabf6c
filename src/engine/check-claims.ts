import type { Flow, Screen } from './generated/flow-types';
import type { FlowProblem } from './flow-problem';
import { branchesOf, indexFlow, isOfferedOnce } from './flow-graph';
import { requiresUnseen } from './conditions';
import { isQuestionScreen } from './answers';
import { checkSeenNames, guardHint, leadsAgain } from './once-claims';
import { kindOf } from './kinds/kind-registry';
import type { KindRegistry, Report } from './kinds/screen-kind';

/**
 * The rules that keep what a flow tells visitors true, beyond what the schema says:
 * - a screen offered once (`once: true`, a discount page that says it will not be offered again) is led to only
 *   while the visitor has not seen it: every branch and return route to it tests `{ "seen": it, "is": false }`,
 *   and a `seen` condition names a screen that is offered once (no other is remembered, so the test would be void);
 * - a price screen's list of recent purchases (`transactionsTitle`) shows what an effect loaded (`transactionsFrom`),
 *   never a made-up list;
 * - an email screen's reading preview draws each insight from a question every visitor has answered by then, with
 *   a text for each of its options, and shows its texts as written (no placeholders).
 * Each kind checks its own claims (kinds/price.ts, kinds/email.ts). Assumes the flow passed the schema; references
 * to unknown screens are reported by the other checks.
 */
export function checkClaims(flow: Flow, kinds: KindRegistry): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const report: Report = (pointer, message, hint) => problems.push({ pointer, message, hint });
  const { byId } = indexFlow(flow);
  const ids = new Map(flow.screens.map((s, i) => [s.id, i] as const));
  const routes = new Map(flow.screens.map((s, i) => [s.route, i] as const));
  const questions = new Map(flow.screens.filter(isQuestionScreen).map((s) => [s.answerKey, s as Screen] as const));

  flow.screens.forEach((screen, i) => {
    const at = `/screens/${i}`;
    // Every way forward to a screen offered once.
    if (typeof screen.next === 'string') {
      if (isOfferedOnce(byId.get(screen.next))) report(`${at}/next`, leadsAgain(screen.next), guardHint(screen.next));
    } else {
      branchesOf(screen).forEach((branch, b) => {
        if (isOfferedOnce(byId.get(branch.to)) && !requiresUnseen(branch.when, branch.to)) report(`${at}/next/${b}`, leadsAgain(branch.to), guardHint(branch.to));
        if (branch.when) checkSeenNames(branch.when, `${at}/next/${b}/when`, byId, report, kinds);
      });
    }
    kindOf(kinds, screen).checkClaims?.(screen, { flow, pointer: at, report, ids, routes, questions, effects: null, checkFlags: () => undefined, kinds });
  });
  return problems;
}
