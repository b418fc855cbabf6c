import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { OffersScreen as OffersScreenData } from '../../engine/generated/flow-types';
import { formatUsd } from '../../domain/group-plans';
import type { ScreenProps } from '../screen-props';
import { ScreenLayout } from '../screen-layout';
import { OptionList } from '../choice-styles';
import { ErrorText, PrimaryButton, SecondaryButton, Stack } from '../../ui/primitives';

const OfferCard = styled.label<{ $selected: boolean; $owned: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: 12px;
  min-height: 72px;
  padding: 12px 16px;
  border-radius: 14px;
  cursor: ${({ $owned }) => ($owned ? 'default' : 'pointer')};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.brandStrong : theme.colors.border)};
  box-shadow: ${({ $selected }) => ($selected ? '0 0 0 3px rgba(157, 117, 235, 0.35)' : '0 1px 2px rgba(60, 47, 107, 0.08)')};
  input { width: 22px; height: 22px; accent-color: #6c45c9; margin: 0; }
  &:focus-within { outline: 3px solid rgba(108, 69, 201, 0.5); outline-offset: 2px; }
`;

const Name = styled.span`
  display: grid;
  gap: 4px;
  font-weight: 600;
  min-width: 0;
`;

const Badge = styled.span`
  justify-self: start;
  font-size: 12px;
  font-weight: 700;
  padding: 2px 8px;
  border-radius: 999px;
  color: #ffffff;
  background: #6c45c9;
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

/**
 * The upsell of fixed-price reports (spec §2 /signup-offer, §3 Extra offers): the offers the screen's
 * `offersFrom` effect loaded, each with its price, previous price and discount. The answer is the list
 * of chosen offer ids (empty when the visitor skips); the screen's submit effect then buys them in one
 * click. Offers the visitor owns are shown as owned and cannot be bought again.
 */
export function OffersScreen({ screen, answer, send, results, busy }: ScreenProps<OffersScreenData>) {
  const titleId = `${screen.id}-title`;
  const loaded = results?.offers[screen.offersFrom];
  // Undefined while the effect has not answered, null when it could not load any offers.
  const onSale = loaded === undefined ? undefined : loaded.outcome === 'ready' && loaded.offers.length > 0 ? loaded : null;
  const attempt = screen.submit ? results?.purchase[screen.submit] : undefined;
  const boughtAfter = attempt && 'bought' in attempt ? (attempt.bought ?? []) : [];
  const owned = new Set<string>([...(onSale?.bought ?? []), ...boughtAfter]);
  const [chosen, setChosen] = useState<string[]>(Array.isArray(answer) ? answer : []);
  const wanted = chosen.filter((id) => !owned.has(id));
  const failed = attempt?.outcome === 'failed' && !busy;

  const toggle = (id: string) => setChosen((current) => (current.includes(id) ? current.filter((v) => v !== id) : [...current, id]));
  const buy = (event: FormEvent) => {
    event.preventDefault();
    if (wanted.length > 0) send({ type: 'ANSWER', value: wanted });
  };

  return (
    <ScreenLayout screenId={screen.id} title={screen.title} subtitle={screen.subtitle} titleId={titleId}>
      <form onSubmit={buy} noValidate aria-busy={busy || undefined}>
        <Stack $gap={16}>
          {onSale === undefined ? <p role="status">…</p> : null}
          {onSale === null ? <ErrorText role="alert">{screen.messages.unavailable}</ErrorText> : null}
          {onSale ? (
            <OptionList aria-labelledby={titleId}>
              {onSale.offers.map((offer) => {
                const isOwned = owned.has(offer.id);
                const selected = isOwned || chosen.includes(offer.id);
                return (
                  <li key={offer.productId}>
                    <OfferCard $selected={selected} $owned={isOwned}>
                      <input type="checkbox" name={`${screen.id}-offer`} value={offer.id} checked={selected} disabled={isOwned || busy} onChange={() => toggle(offer.id)} />
                      <Name>
                        {offer.name}
                        {isOwned ? <Badge>{screen.boughtLabel ?? 'Yours'}</Badge> : <Badge>{offer.percentOff}% off</Badge>}
                      </Name>
                      <Prices>
                        <strong>{formatUsd(offer.price)}</strong>
                        <s aria-label={`was ${formatUsd(offer.prevPrice)}`}>{formatUsd(offer.prevPrice)}</s>
                      </Prices>
                    </OfferCard>
                  </li>
                );
              })}
            </OptionList>
          ) : null}
          {failed ? <ErrorText role="alert">{screen.messages.failed}</ErrorText> : null}
          <PrimaryButton type="submit" disabled={busy || wanted.length === 0} aria-busy={busy || undefined}>
            {busy && screen.busy ? screen.busy : screen.cta}
          </PrimaryButton>
          <SecondaryButton type="button" disabled={busy} onClick={() => send({ type: 'ANSWER', value: [] })}>
            {screen.skip}
          </SecondaryButton>
          {screen.note ? <Note>{screen.note}</Note> : null}
        </Stack>
      </form>
    </ScreenLayout>
  );
}
