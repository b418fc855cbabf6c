import type { EffectInput } from '../engine/compile-flow';
import type { OutputKind, StoredResults } from '../engine/effect-results';
import type { OutputKinds, ScreenResults } from '../screens/effect-outputs';
import type { PlansByProvider } from '../services/subscription-api';
import { effectKinds, effectNames, type EffectName } from '../shared/effect-names';
import type { CheckPaymentResult } from './effects/check-payment';
import type { ReadPaymentErrorResult } from './effects/read-payment-error';
import type { LoadRecentPurchasesResult } from './effects/load-recent-purchases';
import type { LoadOrderSummaryResult } from './effects/load-order-summary';
import type { LoadOffersResult } from './effects/load-offers';
import type { OrderReportsResult } from './effects/order-reports';
import type { PurchaseOffersResult } from './effects/purchase-offers';
import type { StartCheckoutResult } from './effects/start-checkout';
import type { SubmitEmailResult } from './effects/submit-email';

type Kinds = typeof effectKinds;

/** What each effect of an output kind must give: the screens' reading of that kind (src/screens/effect-outputs.ts). */
type KindOutputs = { [Name in EffectName as Kinds[Name] extends OutputKind ? Name : never]: OutputKinds[Kinds[Name] & OutputKind] };

/**
 * The output type of each effect the app registers, by name: the one map the machine's context, the effects'
 * input and (through the output kinds) the screens are typed with. Each output type is declared beside its
 * effect; extending KindOutputs makes an output that does not fit its effect's kind a compile error.
 */
export interface EffectResults extends KindOutputs {
  loadPlans: PlansByProvider;
  submitEmail: SubmitEmailResult;
  startCheckout: StartCheckoutResult;
  loadOffers: LoadOffersResult;
  purchaseOffers: PurchaseOffersResult;
  orderReports: OrderReportsResult;
  checkPayment: CheckPaymentResult;
  readPaymentError: ReadPaymentErrorResult;
  loadRecentPurchases: LoadRecentPurchasesResult;
  loadOrderSummary: LoadOrderSummaryResult;
}

/** The results the funnel holds: each effect's latest output (or failure), by name, in memory only. */
export type AppResults = StoredResults<EffectResults>;

/** What an effect of the app is given. */
export type AppEffectInput = EffectInput<EffectResults>;

/** The effects whose output kind is `Kind`. */
type NamesOfKind<Kind extends OutputKind> = { [Name in EffectName]: Kinds[Name] extends Kind ? Name : never }[EffectName];

/** The results of the effects of one kind, the others left out: a name of another kind reads as no result. */
function ofKind<Kind extends OutputKind>(results: AppResults, kind: Kind): Pick<AppResults, NamesOfKind<Kind>> {
  const kept: AppResults = {};
  for (const name of effectNames) if (effectKinds[name] === kind) copyResult(results, kept, name);
  return kept;
}

function copyResult<Name extends EffectName>(from: AppResults, to: AppResults, name: Name): void {
  const result = from[name];
  if (result !== undefined) to[name] = result;
}

/**
 * The results as screens and effects read them by a flow field: by output kind, then by effect name
 * (`resultsByKind(results).plans[screen.plansFrom]`).
 */
export function resultsByKind(results: AppResults): ScreenResults {
  return {
    plans: ofKind(results, 'plans'),
    offers: ofKind(results, 'offers'),
    purchase: ofKind(results, 'purchase'),
    paymentStatus: ofKind(results, 'paymentStatus'),
    paymentError: ofKind(results, 'paymentError'),
    recentPurchases: ofKind(results, 'recentPurchases'),
    orderSummary: ofKind(results, 'orderSummary'),
  };
}
