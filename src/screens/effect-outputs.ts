import type { OutputKind, Settled } from '../engine/effect-results';
import type { PaymentStatusReport } from '../engine/payment-status';
import type { Offer, OfferId } from '../shared/contract/subscription';
import type { PlansByProvider } from '../services/subscription-api';

/**
 * What a screen reads from an effect of each output kind (src/engine/effect-results.ts): the part of the output
 * the screen shows. The outputs themselves are declared beside the effects (src/app/effects); the app's map of
 * them (src/app/effect-results.ts) does not compile when an effect's output does not give what its kind promises.
 */
export interface OutputKinds {
  /** A price screen's `plansFrom`: the plans of each provider, null where the provider's request failed. */
  plans: PlansByProvider;
  /** An offers screen's `offersFrom`: the offers on sale and the ones the visitor owns, or none could be loaded. */
  offers: { outcome: 'ready'; offers: readonly Offer[]; bought: readonly OfferId[] } | { outcome: 'failed' };
  /** An offers screen's `submit`: how buying ended, and the offers the visitor owns after it (when known). */
  purchase: { outcome: string; bought?: readonly OfferId[] };
  /** A payment result screen's `statusFrom`: what the server says of the visitor's order. */
  paymentStatus: PaymentStatusReport;
}

/**
 * The effects' results as screens read them: by output kind, then by effect name, e.g.
 * `results.plans[screen.plansFrom]`. The flow checker lets `plansFrom` name only a `plans` effect, and each
 * kind holds only the results of effects of that kind, so the read is what its type says.
 */
export type ScreenResults = { readonly [Kind in OutputKind]: Readonly<Record<string, Settled<OutputKinds[Kind]> | undefined>> };
