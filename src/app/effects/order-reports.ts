import type { Answers } from '../../engine/answers';
import type { StoredResults } from '../../engine/effect-results';
import type { EffectInputReading } from './effect-input';
import { effectLogic } from './define-effect';
import { buildReportOrder } from '../../domain/build-report-order';
import { visitorProfile } from '../../domain/visitor-profile';
import type { Profile } from '../../engine/generated/flow-types';
import type { AstroApi } from '../../services/astro-api';
import { productFinder, purchasesOf, type OfferReads, type OfferServices } from './offer-catalogue';
import type { ReportsOrdered } from './reports-ordered';

export interface OrderReportsServices extends OfferServices {
  astro: Pick<AstroApi, 'orderReports'>;
  /** The email the server linked to the visitor's session (the machine has none after a payment return). */
  visitorEmail(): Promise<string | null>;
  /** The entitlements this browser has already ordered the reports of. */
  reportsOrdered: ReportsOrdered;
  /** The flow's `profile`: which answers hold the visitor's and the partner's birth. */
  profile: Profile;
}

/**
 * How ordering the visitor's reports ended: `ordered` (one order with these report ids), `nothing`
 * (no email, or nothing this browser has not ordered yet) or `failed` (the order, or every look-up
 * it needed, failed: logged by the clients; what was not ordered is ordered on the next run).
 */
export type OrderReportsResult = { outcome: 'ordered'; reports: string[] } | { outcome: 'nothing' } | { outcome: 'failed' };

/**
 * `orderReports`, run when a payment success page opens: orders, in ONE report order, the reports of
 * everything the visitor is entitled to that this browser has not ordered yet: the plan of their
 * subscription (key `plan:{productId}`) and each offer they bought (key `purchase:{purchaseId}`),
 * report ids unique, the plan's first. Entitlements are marked ordered only once the astro server
 * took the order, so a reload orders nothing twice and a failed order is tried again. Runs of one
 * registry are queued, so two success pages opening at once cannot both order.
 */
export function orderReports(services: OrderReportsServices) {
  let queue: Promise<unknown> = Promise.resolve();
  const order = async (input: { email: string | null; answers: Answers; results: StoredResults<OfferReads> }): Promise<OrderReportsResult> => {
    const email = input.email ?? (await services.visitorEmail());
    if (!email) return { outcome: 'nothing' };
    const [check, purchases] = await Promise.all([
      services.subscriptions.checkSubscription(email, services.project),
      purchasesOf(services, email),
    ]);
    const find = productFinder(services, input.results);
    const entitlements: Array<{ key: string; productId: string }> = [];
    const planId = check?.isPremium ? check.info?.productId : undefined;
    if (planId) entitlements.push({ key: `plan:${planId}`, productId: planId });
    for (const purchase of purchases ?? []) entitlements.push({ key: `purchase:${purchase.id}`, productId: purchase.productId });

    let lookUpFailed = check === null || purchases === null;
    const keys: string[] = [];
    const reports: string[] = [];
    for (const { key, productId } of entitlements) {
      if (services.reportsOrdered.has(key)) continue;
      const product = await find(productId);
      if (!product) {
        lookUpFailed = true;
        continue;
      }
      keys.push(key);
      for (const report of product.reports) if (!reports.includes(report)) reports.push(report);
    }
    if (reports.length === 0) return lookUpFailed ? { outcome: 'failed' } : { outcome: 'nothing' };

    const receipt = await services.astro.orderReports(buildReportOrder(reports, email, visitorProfile(input.answers, services.profile)));
    if (!receipt) return { outcome: 'failed' };
    for (const key of keys) services.reportsOrdered.add(key);
    return { outcome: 'ordered', reports };
  };
  return effectLogic({
    input: ({ email, answers, results }: EffectInputReading<OfferReads>) => ({ email, answers, results }),
    run: (input): Promise<OrderReportsResult> => {
      const run = queue.then(() => order(input));
      queue = run.catch(() => undefined);
      return run;
    },
  });
}
