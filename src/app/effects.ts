import type { AnyActorLogic } from 'xstate';
import type { SubscriptionApi } from '../services/subscription-api';
import type { EffectName } from './effect-names';
import { loadPlans } from './effects/load-plans';

/** What the effects reach the outside world with. */
export interface EffectServices {
  subscriptions: Pick<SubscriptionApi, 'getSubscriptionPlans'>;
  /** The project id sent to the subscription server (the flow's product id). */
  project: string;
}

/** The effect registry: one implementation per name a flow may use (a missing one fails to compile). */
export function createEffects(services: EffectServices): Record<EffectName, AnyActorLogic> {
  return {
    loadPlans: loadPlans(services.subscriptions, services.project),
  };
}
