import type { Condition, Screen } from './generated/flow-types';
import { isOfferedOnce } from './flow-graph';
import type { KindRegistry, Report } from './kinds/screen-kind';

/**
 * The problems of a way to a screen offered once (`once: true`, a discount page that says it will not be offered
 * again): every branch and return route to it tests `{ "seen": it, "is": false }`, and a `seen` condition names a
 * screen that is offered once.
 */

export function leadsAgain(id: string): string {
  return `leads to "${id}", which is offered once, even after the visitor has seen it`;
}

export function guardHint(id: string): string {
  return `add {"seen": "${id}", "is": false} to its "when" (with other conditions, inside an "all")`;
}

/** A `seen` condition names a screen offered once: nothing else is remembered, so the test would always say "not seen". */
export function checkSeenNames(condition: Condition, pointer: string, byId: ReadonlyMap<string, Screen>, report: Report, kinds: KindRegistry): void {
  if ('all' in condition) condition.all.forEach((c, k) => checkSeenNames(c, `${pointer}/all/${k}`, byId, report, kinds));
  else if ('any' in condition) condition.any.forEach((c, k) => checkSeenNames(c, `${pointer}/any/${k}`, byId, report, kinds));
  else if ('not' in condition) checkSeenNames(condition.not, `${pointer}/not`, byId, report, kinds);
  else if ('seen' in condition) {
    const target = byId.get(condition.seen);
    if (!target) report(`${pointer}/seen`, `unknown screen "${condition.seen}"`, 'use the id of a screen in this flow that is offered once');
    else if (!isOfferedOnce(target)) {
      const mayBe = Object.values(kinds).filter((kind) => kind.mayBeOfferedOnce).map((kind) => kind.kind);
      const hint = mayBe.includes(target.kind) ? `add "once": true to "${condition.seen}", or test something else` : `only a ${mayBe.join(' or ')} screen is offered once ("once": true): test one of those, or something else`;
      report(`${pointer}/seen`, `"${condition.seen}" is not offered once, so nothing remembers whether it was seen`, hint);
    }
  }
}
