import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { OffersScreen as OffersScreenData } from '../../engine/generated/flow-types';
import type { Offer, OfferId, StoredPaymentMethod } from '../../shared/contract/subscription';
import { basketOf, bundleOffersOf, chargeCents, coveredOffers } from '../../shared/offer-bundles';
import { formatUsd } from '../../domain/group-plans';
import type { ScreenProps } from '../screen-props';
import { ScreenLayout } from '../screen-layout';
import { chosenCard, OptionList } from '../choice-styles';
import { fillText, type TextValues } from '../fill-text';
import { ErrorText, PrimaryButton, SecondaryButton, Stack } from '../../ui/primitives';

/*
 * Chosen and locked are data-selected and data-locked: props would make classes of their own, CSS rules inserted by a
 * tap, for which the browser restyles the whole page (tests/tap-styles.spec.ts).
 */
const OfferCard = styled.label`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: 12px;
  min-height: 72px;
  padding: 12px 16px;
  border-radius: 14px;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  border: 2px solid ${({ theme }) => theme.colors.controlBorder};
  &[data-selected] { ${chosenCard} }
  &[data-locked] { cursor: default; }
  box-shadow: ${({ theme }) => `0 1px 2px ${theme.colors.shadow}`};
  input { width: 22px; height: 22px; accent-color: ${({ theme }) => theme.colors.brandStrong}; margin: 0; }
  &:focus-within { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Name = styled.span`
  display: grid;
  gap: 4px;
  font-weight: 600;
  min-width: 0;
`;

const Description = styled.span`
  font-size: 14px;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.muted};
`;

const Badge = styled.span`
  justify-self: start;
  font-size: 12px;
  font-weight: 700;
  padding: 2px 8px;
  border-radius: 999px;
  color: ${({ theme }) => theme.colors.onBrand};
  background: ${({ theme }) => theme.colors.brandStrong};
`;

const Prices = styled.span`
  display: grid;
  justify-items: end;
  white-space: nowrap;
  strong { font-size: 20px; }
  s { font-size: 14px; color: ${({ theme }) => theme.colors.muted}; }
`;

const Note = styled.p`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.muted};
  margin: 0;
`;

/** How one offer stands: the visitor's already, inside a chosen bundle, or for sale at `chargeCents`. */
type OfferState = { kind: 'owned' } | { kind: 'included' } | { kind: 'for-sale'; chargeCents: number };

/**
 * The upsell of fixed-price reports (/signup-offer): the offers the screen's
 * `offersFrom` effect loaded, each with its price and what it contains (no "was" price: see the Prices below). A bundle
 * (the ultra pack) covers the offers in it: ticking it shows them as included, they cannot be ticked on their
 * own, and unticking it frees them; a bundle costs less by the offers in it the visitor owns. The buy button
 * says what it charges and with which stored method, as the server named it ("Pay $49.99 with card •••• 4242").
 * The answer is the list of offer ids to buy (empty when the visitor skips); the screen's submit effect then buys
 * them in one click, by the same rule (src/shared/offer-bundles.ts), so the charge is the total shown. Offers the
 * visitor owns, alone or inside a bundle, are shown as theirs and cannot be bought again.
 */
export function OffersScreen({ screen, answer, answers, flags, send, results, busy }: ScreenProps<OffersScreenData>) {
  const titleId = `${screen.id}-title`;
  const loaded = results?.offers[screen.offersFrom];
  // Undefined while the effect has not answered, null when it could not load any offers.
  const onSale = loaded === undefined ? undefined : loaded.outcome === 'ready' && loaded.offers.length > 0 ? loaded : null;
  const attempt = screen.submit ? results?.purchase[screen.submit] : undefined;
  const boughtAfter = attempt && 'bought' in attempt ? (attempt.bought ?? []) : [];
  const offers: readonly Offer[] = onSale?.offers ?? [];
  const bundles = bundleOffersOf(offers);
  const bought: OfferId[] = [...(onSale?.bought ?? []), ...boughtAfter];
  const owned = coveredOffers(bundles, bought);
  const [chosen, setChosen] = useState<readonly string[]>(Array.isArray(answer) ? answer : []);
  const chosenIds = offers.map((offer) => offer.id).filter((id) => chosen.includes(id));
  const basket = basketOf(bundles, bought, chosenIds);
  const failed = attempt?.outcome === 'failed' && !busy;

  const stateOf = (offer: Offer): OfferState => {
    if (owned.has(offer.id)) return { kind: 'owned' };
    if (basket.includedByChoice.has(offer.id)) return { kind: 'included' };
    const bundle = bundles.find((b) => b.id === offer.id);
    return { kind: 'for-sale', chargeCents: (bundle && chargeCents(bundle, bundles, bought)) ?? Math.round(offer.price * 100) };
  };
  // Ticking a bundle takes its parts off the list of their own (they come with it); unticking it leaves them free.
  const toggle = (id: OfferId) =>
    setChosen((current) => {
      if (current.includes(id)) return current.filter((v) => v !== id);
      const parts: ReadonlySet<string> = coveredOffers(bundles, [id]);
      return [...current.filter((v) => !parts.has(v)), id];
    });
  const buy = (event: FormEvent) => {
    event.preventDefault();
    if (basket.items.length > 0) send({ type: 'ANSWER', value: basket.items.map((item) => item.id) });
  };

  const values: TextValues = { answers, flags, total: formatUsd(basket.totalCents / 100), ...lastFour(onSale?.paymentMethod) };
  const payText = onSale?.paymentMethod && screen.payWith ? screen.payWith[onSale.paymentMethod.type] : screen.cta;

  return (
    <ScreenLayout screenId={screen.id} title={screen.title} subtitle={screen.subtitle} titleId={titleId}>
      <form onSubmit={buy} noValidate aria-busy={busy || undefined}>
        <Stack $gap={16}>
          {onSale === undefined ? <p role="status">…</p> : null}
          {onSale === null ? <ErrorText role="alert">{screen.messages.unavailable}</ErrorText> : null}
          {onSale ? (
            <OptionList aria-labelledby={titleId}>
              {offers.map((offer) => {
                const state = stateOf(offer);
                const locked = state.kind !== 'for-sale';
                const selected = locked || chosenIds.includes(offer.id);
                const lowered = state.kind === 'for-sale' && state.chargeCents < Math.round(offer.price * 100);
                const badge = state.kind === 'owned' ? (screen.boughtLabel ?? 'Yours') : state.kind === 'included' ? (screen.includedLabel ?? 'Included') : null;
                return (
                  <li key={offer.productId}>
                    <OfferCard data-selected={selected || undefined} data-locked={locked || undefined}>
                      <input
                        type="checkbox"
                        name={`${screen.id}-offer`}
                        value={offer.id}
                        checked={selected}
                        disabled={locked || busy}
                        onChange={() => toggle(offer.id)}
                      />
                      <Name>
                        {offer.name}
                        {offer.description ? <Description>{offer.description}</Description> : null}
                        {/* In every card, hidden until the card is bought or included: the tap that ticks a bundle then
                            shows the badge of what it includes without inserting a CSS rule for it. */}
                        <Badge hidden={badge === null}>{badge}</Badge>
                        {lowered && screen.creditNote ? <Description>{screen.creditNote}</Description> : null}
                      </Name>
                      {state.kind === 'for-sale' ? (
                        <Prices>
                          <strong>{formatUsd(state.chargeCents / 100)}</strong>
                          {/* The one true comparison: the pack's own price, lowered by what the visitor owns of it. The
                              catalogue's prevPrice and percentOff name no price anyone paid, so no "was"
                              price or "% off" is shown. */}
                          {lowered ? <s aria-label={`instead of ${formatUsd(offer.price)}`}>{formatUsd(offer.price)}</s> : null}
                        </Prices>
                      ) : (
                        <span />
                      )}
                    </OfferCard>
                  </li>
                );
              })}
            </OptionList>
          ) : null}
          {failed ? <ErrorText role="alert">{screen.messages.failed}</ErrorText> : null}
          {/* The buttons come with the offers (or the message that there are none), not before: shown while the offers
              load, "No thanks" would move down under the visitor's finger as the cards arrive, and the tap would land
              on a card. */}
          {onSale === undefined ? null : (
            <>
              <PrimaryButton type="submit" disabled={busy || basket.items.length === 0} aria-busy={busy || undefined}>
                {busy && screen.busy ? screen.busy : basket.items.length === 0 && screen.chooseFirst ? screen.chooseFirst : fillText(payText, values)}
              </PrimaryButton>
              <SecondaryButton type="button" disabled={busy} onClick={() => send({ type: 'ANSWER', value: [] })}>
                {screen.skip}
              </SecondaryButton>
            </>
          )}
          {screen.note ? <Note>{screen.note}</Note> : null}
        </Stack>
      </form>
    </ScreenLayout>
  );
}

/** The card's last four digits for {last4}; nothing for PayPal or an unknown method. */
function lastFour(method: StoredPaymentMethod | null | undefined): { last4?: string } {
  return method?.type === 'card' ? { last4: method.last4 } : {};
}
