import type { PriceScreen } from '../generated/flow-types';
import { indexFlow, isOfferedOnce, predecessors, reachable, returnRoutesOf } from '../flow-graph';
import { requiresUnseen } from '../conditions';
import { checkSeenNames, guardHint, leadsAgain } from '../once-claims';
import { planSetOf } from '../plan-set';
import { planTermPlaceholders, requiredPlanTerms } from '../plan-terms';
import type { KindCheck, Report, ScreenKind } from './screen-kind';

/**
 * The paywall: the plans an effect loaded (`plansFrom`), one picked (its productId is the answer), then submitted to
 * the checkout effect, whose hosted payment returns to the routes of `returnTo`.
 */
export const priceKind: ScreenKind<PriceScreen> = {
  kind: 'price',
  submits: 'answer',
  personalAnswer: null,
  choosesPlan: true,
  mayBeOfferedOnce: true,
  // A plan's productId; which plans exist is the server's to say, so only its form is checked here.
  answerProblem: (_screen, value) => (typeof value === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(value) ? null : 'required'),
  resultReads: (screen) => [
    { field: 'plansFrom', effect: screen.plansFrom, kind: 'plans' },
    ...(screen.transactionsFrom === undefined ? [] : [{ field: 'transactionsFrom', effect: screen.transactionsFrom, kind: 'recentPurchases' as const }]),
  ],
  loadedOnTheWay: (screen) => ({ field: 'plansFrom', effect: screen.plansFrom }),
  check(screen, context) {
    const { pointer, report } = context;
    if (screen.abTestId !== undefined && !(screen.planGroups ?? []).includes('ab_test')) {
      report(`${pointer}/abTestId`, `abTestId "${screen.abTestId}" picks plans of the ab_test group, which "planGroups" leaves out`, 'set "planGroups": ["ab_test"]');
    }
    checkReturnRoutes(screen, context);
    checkPlanTerms(screen, pointer, report);
  },
  checkClaims: checkPriceClaims,
  planSet: planSetOf,
};

/** Every return route is a screen of the flow, tried in order with a default last. */
function checkReturnRoutes(screen: PriceScreen, { pointer: at, report, routes, checkFlags }: KindCheck): void {
  for (const [name, value] of Object.entries(screen.returnTo ?? {})) {
    const pointer = `${at}/returnTo/${name}`;
    returnRoutesOf(value).forEach((route, r) => {
      const where = typeof value === 'string' ? pointer : `${pointer}/${r}/to`;
      if (!routes.has(route)) report(where, `return route "${route}" is not a screen of this flow`, 'use the route of a screen in this flow');
    });
    if (typeof value === 'string') continue;
    value.forEach((branch, r) => {
      const last = r === value.length - 1;
      if (!last && !branch.when) report(`${pointer}/${r}`, 'a route without "when" before the last one hides the routes after it', 'add "when" or move this route to the end');
      if (last && branch.when) report(`${pointer}/${r}`, 'the last return route has a "when": a return that matches none has nowhere to go', 'add a last route without "when" as the default');
      if (branch.when) checkFlags(branch.when, `${pointer}/${r}/when`);
    });
  }
}

/** The plan's terms state every price a visitor agrees to: what they pay now, for how long, and what it renews at. */
function checkPlanTerms(screen: PriceScreen, pointer: string, report: Report): void {
  const type = screen.planType ?? 'TRIAL';
  const required = requiredPlanTerms[type];
  for (const field of ['planTerms', 'payTerms'] as const) {
    const text = screen[field];
    const used = [...text.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1] ?? '');
    for (const name of used) {
      if (!planTermPlaceholders.some((known) => known === name)) report(`${pointer}/${field}`, `unknown placeholder {${name}} in the plan's terms`, `use ${planTermPlaceholders.map((n) => `{${n}}`).join(', ')}`);
      else if (type === 'SUBSCRIPTION' && (name === 'trialPrice' || name === 'trialLength')) report(`${pointer}/${field}`, `{${name}} on a SUBSCRIPTION screen, whose plans have no trial`, 'remove it');
    }
    const missing = required.filter((name) => !used.includes(name));
    if (missing.length > 0) {
      report(
        `${pointer}/${field}`,
        `the plan's terms leave out ${missing.map((n) => `{${n}}`).join(' and ')}: a visitor must see what they pay now, for how long, and what it renews at`,
        `say it with ${required.map((n) => `{${n}}`).join(', ')}`,
      );
    }
  }
}

/**
 * A return route to a screen offered once tests that the visitor has not seen it, and a list of recent purchases
 * shows what an effect loaded (`transactionsFrom`), never a made-up list.
 */
function checkPriceClaims(screen: PriceScreen, { flow, pointer: at, report, kinds }: KindCheck): void {
  const { byId, byRoute } = indexFlow(flow);
  for (const [name, value] of Object.entries(screen.returnTo ?? {})) {
    const pointer = `${at}/returnTo/${name}`;
    if (typeof value === 'string') {
      const target = byRoute.get(value);
      if (target && isOfferedOnce(target)) report(pointer, leadsAgain(target.id), `make it routes tried in order, the route to "${value}" with "when": {"seen": "${target.id}", "is": false}, then a default`);
      continue;
    }
    value.forEach((branch, r) => {
      const target = byRoute.get(branch.to);
      if (target && isOfferedOnce(target) && !requiresUnseen(branch.when, target.id)) report(`${pointer}/${r}`, leadsAgain(target.id), guardHint(target.id));
      if (branch.when) checkSeenNames(branch.when, `${pointer}/${r}/when`, byId, report, kinds);
    });
  }
  if (screen.transactionsTitle !== undefined && screen.transactionsFrom === undefined) {
    report(`${at}/transactionsTitle`, 'a list of recent purchases with nothing to list: "transactionsFrom" is missing', 'add "transactionsFrom" with the effect that loads real recent purchases (loadRecentPurchases), or remove "transactionsTitle"');
  }
  if (screen.transactionsFrom !== undefined && !(screen.effects ?? []).includes(screen.transactionsFrom)) {
    const preds = predecessors(flow);
    const before = reachable(screen.id, (id) => preds.get(id) ?? []);
    const runsBefore = flow.screens.some((s) => s.id !== screen.id && before.has(s.id) && (s.effects ?? []).includes(screen.transactionsFrom!));
    if (!runsBefore) report(`${at}/transactionsFrom`, `no screen on the way here runs "${screen.transactionsFrom}"`, `add "${screen.transactionsFrom}" to the "effects" of this screen`);
  }
}
