import { outputKinds, type OutputKind, type Settled } from '../engine/effect-results';
import { effectKinds, effectNames } from '../shared/effect-names';
import type { PaymentStatusReport } from '../engine/payment-status';
import type { PaymentErrorReport } from '../engine/payment-error';
import type { OrderSummary } from '../domain/order-summary';
import type { Offer, OfferId, StoredPaymentMethod, RecentPurchase } from '../shared/contract/subscription';
import type { PlansByProvider } from '../services/subscription-api';

/**
 * What a screen reads from an effect of each output kind (src/engine/effect-results.ts): the part of the output
 * the screen shows. The outputs themselves are declared beside the effects (src/app/effects); the app's map of
 * them (src/app/effect-output-map.ts) does not compile when an effect's output does not give what its kind promises.
 */
export interface OutputKinds {
  /** A price screen's `plansFrom`: the plans of each provider, null where the provider's request failed. */
  plans: PlansByProvider;
  /**
   * An offers screen's `offersFrom`: the offers on sale, the ones the visitor bought, and the stored payment method a
   * purchase charges (null: unknown); or none could be loaded.
   */
  offers: { outcome: 'ready'; offers: readonly Offer[]; bought: readonly OfferId[]; paymentMethod: StoredPaymentMethod | null } | { outcome: 'failed' };
  /** An offers screen's `submit`: how buying ended, and the offers the visitor owns after it (when known). */
  purchase: { outcome: string; bought?: readonly OfferId[] };
  /** A payment result screen's `statusFrom`: what the server says of the visitor's order. */
  paymentStatus: PaymentStatusReport;
  /** A payment error screen's `reasonFrom`: why the payment failed, and where its secondary action leads. */
  paymentError: PaymentErrorReport;
  /** A price screen's `transactionsFrom`: real recent purchases, buyers' names masked by the server (none when they could not be loaded). */
  recentPurchases: readonly RecentPurchase[];
  /** An order summary screen's `summaryFrom`: what the visitor bought and where it arrives, or it could not be found. */
  orderSummary: OrderSummary;
}

/**
 * The effects' results as screens read them: by output kind, then by effect name, e.g.
 * `results.plans[screen.plansFrom]`. The flow checker lets `plansFrom` name only a `plans` effect, and each
 * kind holds only the results of effects of that kind, so the read is what its type says.
 */
export type ScreenResults = { readonly [Kind in OutputKind]: Readonly<Record<string, Settled<OutputKinds[Kind]> | undefined>> };

/**
 * The results as screens and effects read them by a flow field: by output kind, then by effect name
 * (`resultsByKind(results).plans[screen.plansFrom]`). Each kind holds only the results of the effects the app declares
 * of that kind (src/shared/effect-names.ts); the flow checker lets a field name only an effect of the kind it reads,
 * and the app's map of outputs does not compile when an effect's output does not fit its kind, so each read is what
 * its type says.
 */
export function resultsByKind(results: Readonly<Record<string, unknown>>): ScreenResults {
  const byKind = Object.fromEntries(outputKinds.map((kind) => [kind, {} as Record<string, unknown>])) as Record<OutputKind, Record<string, unknown>>;
  for (const name of effectNames) {
    const kind = effectKinds[name];
    if (kind !== null && results[name] !== undefined) byKind[kind][name] = results[name];
  }
  return byKind as unknown as ScreenResults;
}

