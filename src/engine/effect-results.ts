/**
 * What the machine holds for a submit or status effect that threw: its failure counts as the outcome "failed"
 * (a flow's conditions may test it).
 */
export interface EffectFailure {
  outcome: 'failed';
}

/** An effect's result as the machine holds it: its output, or its failure. */
export type Settled<Output> = Output | EffectFailure;

/**
 * The machine's results: the latest result of each effect that ran, by name, in memory only. `R` maps each
 * effect name to its output type; the app supplies it (src/app/effect-output-map.ts), the engine stays generic.
 */
export type StoredResults<R> = { [Name in keyof R]?: Settled<R[Name]> };

/** The effect names of an output map. */
export type EffectName<R> = Extract<keyof R, string>;

/** `results` with `result` as the latest result of the effect `name`. */
export function withResult<R, Name extends keyof R>(results: StoredResults<R>, name: Name, result: Settled<R[Name]>): StoredResults<R> {
  const next = { ...results };
  next[name] = result;
  return next;
}

/** `results` without a result of the effect `name`. */
export function withoutResult<R, Name extends keyof R>(results: StoredResults<R>, name: Name): StoredResults<R> {
  const next = { ...results };
  delete next[name];
  return next;
}

/**
 * The kinds of output a screen reads from an effect that one of its fields names. The app declares the kind of
 * each effect (src/shared/effect-names.ts), the flow checker lets a field name only an effect of the kind the field
 * reads (check-effect-kinds.ts), and a screen reads its result typed by that kind (src/screens/results-by-kind.ts).
 */
export const outputKinds = ['plans', 'offers', 'purchase', 'paymentStatus', 'orderSummary', 'paymentError', 'recentPurchases'] as const;
export type OutputKind = (typeof outputKinds)[number];

/** How a problem names each kind. */
export const outputKindNames: Record<OutputKind, string> = {
  plans: 'plans',
  offers: 'offers',
  purchase: 'a purchase outcome',
  paymentStatus: 'a payment status',
  recentPurchases: 'recent purchases',
  orderSummary: 'an order summary',
  paymentError: 'why a payment failed',
};
