import type { Plan } from '../../shared/contract/subscription';
import type { PlanTermPlaceholder } from '../../engine/plan-terms';
import { displayDuration, formatUsd } from '../../domain/group-plans';

/** A renewal period as it follows "per": "1 month" is "month", "3 months" stays "3 months". */
export function periodOf(duration: string): string {
  return duration.trim().replace(/^1\s+/, '');
}

/** The value of each placeholder of a price screen's terms for one plan. */
export function planTermValues(plan: Plan): Record<PlanTermPlaceholder, string> {
  return {
    trialPrice: formatUsd(plan.trialPrice),
    trialLength: displayDuration(plan.additionalInfo.trialDuration),
    price: formatUsd(plan.price),
    period: periodOf(plan.additionalInfo.subscriptionDuration),
  };
}

const isPlaceholder = (name: string, values: Record<PlanTermPlaceholder, string>): name is PlanTermPlaceholder => Object.hasOwn(values, name);

/**
 * A price screen's `planTerms` or `payTerms` for one plan: "{trialPrice} for {trialLength}, then {price} per
 * {period}" is "$1.00 for 2 weeks, then $29.00 per month". Any other braces stay as typed (flow:check refuses
 * them). Plain text for React to escape.
 */
export function fillPlanTerms(text: string, plan: Plan): string {
  const values = planTermValues(plan);
  return text.replace(/\{([A-Za-z]+)\}/g, (placeholder, name: string) => (isPlaceholder(name, values) ? values[name] : placeholder));
}
