import type { OfferId } from '../shared/contract/subscription';

/** One thing the visitor bought: the plan they subscribed to, or an offer. */
export type OrderLine =
  /** `name`: the plan's name in the catalogue, which states its trial and renewal ("14-day trial, then $29.00 a month"). */
  | { kind: 'plan'; productId: string; name: string; charged: number }
  /** `description`: what the offer contains, from the catalogue. */
  | { kind: 'offer'; offerId: OfferId; name: string; description: string; charged: number };

/**
 * What an order summary screen shows: what the visitor bought (USD charged for each), and their email masked
 * (null when nobody knows it). The full address is never part of it: the summary is the screen's to show, and
 * nothing of it is stored. `failed` when what was bought could not be found.
 */
export type OrderSummary = { outcome: 'ready'; lines: OrderLine[]; maskedEmail: string | null } | { outcome: 'failed' };

