import type { Plan, Product } from '../../services/api-contract';

function isProduct(value: unknown): value is Product {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return typeof p.productId === 'string' && typeof p.type === 'string' && typeof p.price === 'number' && typeof p.provider === 'string';
}

function isPlan(product: Product): product is Plan {
  return product.type !== 'FIXED' && typeof product.trialPrice === 'number' && typeof product.additionalInfo === 'object';
}

/**
 * The plans of one provider in an effect's output ({ maxpay: Product[] | null, paypal: … }):
 * undefined while the effect has not answered, null when that provider's request failed.
 */
export function plansFrom(output: unknown, provider: 'maxpay' | 'paypal'): Plan[] | null | undefined {
  if (typeof output !== 'object' || output === null || !(provider in output)) return undefined;
  const list: unknown = (output as Record<string, unknown>)[provider];
  if (!Array.isArray(list)) return null;
  return list.filter(isProduct).filter(isPlan);
}
