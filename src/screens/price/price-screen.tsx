import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { PriceScreen as PriceScreenData } from '../../engine/generated/flow-types';
import { displayDuration, formatUsd, groupOf } from '../../domain/group-plans';
import { recentTransactions, timeAgo } from '../../domain/recent-transactions';
import type { ScreenProps } from '../screen-props';
import { ScreenLayout } from '../screen-layout';
import { OptionList } from '../choice-styles';
import { ErrorText, PrimaryButton, SecondaryButton, Stack } from '../../ui/primitives';
import type { Plan } from '../../shared/contract/subscription';
import type { PaymentProvider, PlansByProvider } from '../../services/subscription-api';
import type { Settled } from '../../engine/effect-results';
import { isPlan } from '../../domain/group-plans';
import { planSetOf } from '../../engine/plan-set';
import { fillPlanTerms } from './plan-terms';

/*
 * The plan chosen is marked by data-selected: a prop would make a class of its own, a CSS rule inserted by the tap, for
 * which the browser restyles the whole page (tests/tap-styles.spec.ts).
 */
const PlanCard = styled.label`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: 12px;
  min-height: 64px;
  padding: 12px 16px;
  border-radius: 14px;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  border: 2px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 1px 2px rgba(60, 47, 107, 0.08);
  &[data-selected] { border-color: ${({ theme }) => theme.colors.brandStrong}; box-shadow: 0 0 0 3px rgba(157, 117, 235, 0.35); }
  input { width: 20px; height: 20px; margin: 0; }
  &:focus-within { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Price = styled.strong`
  font-size: 22px;
  white-space: nowrap;
`;

const Detail = styled.span`
  display: block;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
`;

const Transactions = styled.section`
  h2 { font-size: 16px; margin: 0 0 8px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; font-size: 14px; }
  li { display: grid; grid-template-columns: 1fr auto minmax(6.5em, auto); gap: 12px; }
  li > span:not(:first-child) { text-align: right; font-variant-numeric: tabular-nums; }
`;

const PayTerms = styled.p`
  margin: 0;
  font-size: 15px;
  font-weight: 600;
`;

const Note = styled.p`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.muted};
  margin: 0;
`;

/**
 * A provider's plans in the `plansFrom` effect's result: undefined while it has not answered, null when that
 * provider's request (or the whole effect) failed.
 */
function plansOf(result: Settled<PlansByProvider> | undefined, provider: PaymentProvider): Plan[] | null | undefined {
  if (result === undefined) return undefined;
  if ('outcome' in result) return null;
  return result[provider]?.filter(isPlan) ?? null;
}

/**
 * The trial price choice (/select-price): the plans the screen's `plansFrom` effect loaded,
 * of its groups and type (TRIAL by default), or of the set its `plansBy` flag picks (planSetOf), trial prices
 * ascending, "14 days" shown as "2 weeks". Beside each choice, and next to the pay button for the chosen one, the
 * flow's `planTerms` and `payTerms` state what the visitor pays now, for how long, and what it renews at. Confirming
 * answers with the plan's productId; the screen's submit effect then starts the payment. When no plan could be
 * loaded, a retry button loads them again in place (RETRY) and focus follows: to the plans, or back to the button.
 */
export function PriceScreen({ screen, answer, send, results, busy, flags }: ScreenProps<PriceScreenData>) {
  const titleId = `${screen.id}-title`;
  const errorId = `${screen.id}-error`;
  const payTermsId = useId();
  const loaded = results?.plans[screen.plansFrom];
  const all = plansOf(loaded, screen.provider ?? 'maxpay');
  const type = screen.planType ?? 'TRIAL';
  const set = useMemo(() => planSetOf(screen, flags), [screen, flags]);
  const plans = useMemo(() => {
    const groups: readonly string[] = set.groups;
    const inSet = (abTestId: string | null) => set.abTestId === undefined || abTestId === set.abTestId;
    return (all ?? []).filter((plan) => plan.type === type && groups.includes(groupOf(plan)) && inSet(plan.abTestId)).sort((a, b) => a.trialPrice - b.trialPrice);
  }, [all, set, type]);
  // The other provider's plan of the same package and set (e.g. PayPal's), paid by the second button.
  const other = screen.otherProvider;
  const otherPlans = other ? plansOf(loaded, other.provider) : undefined;
  const twinOf = (plan: Plan): Plan | undefined =>
    (otherPlans ?? []).find((p) => p.type === plan.type && p.packageId === plan.packageId && p.abTestId === plan.abTestId);
  // A plan paid with the other provider before is shown as its own plan chosen.
  const previous = typeof answer === 'string' ? answer : '';
  const [chosen, setChosen] = useState(() => plans.find((p) => p.productId === previous || twinOf(p)?.productId === previous)?.productId ?? previous);
  const [error, setError] = useState<string | null>(null);
  // Real recent purchases (names masked by the server) that `transactionsFrom` loaded: none until it answers, none
  // when it failed, and then the list is not shown.
  const purchases = screen.transactionsFrom === undefined ? undefined : results?.recentPurchases[screen.transactionsFrom];
  const transactions = useMemo(() => (purchases === undefined || 'outcome' in purchases ? [] : recentTransactions(purchases, new Date())), [purchases]);
  const selected = plans.find((p) => p.productId === chosen) ?? null;
  const unavailable = all !== undefined && plans.length === 0;
  // After a retry, focus goes where the visitor can act: the first plan, or the retry button again.
  const retried = useRef(false);
  const retryRef = useRef<HTMLButtonElement>(null);
  const plansRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!retried.current || all === undefined) return;
    retried.current = false;
    if (plans.length > 0) plansRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
    else retryRef.current?.focus();
  }, [all, plans.length]);
  const retry = () => {
    retried.current = true;
    setError(null);
    send({ type: 'RETRY' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) {
      setError(screen.messages.required);
      return;
    }
    send({ type: 'ANSWER', value: selected.productId });
  };
  const payWithOther = () => {
    const twin = selected ? twinOf(selected) : undefined;
    if (!selected || !twin) {
      setError(screen.messages.required);
      return;
    }
    send({ type: 'ANSWER', value: twin.productId });
  };
  const canPayWithOther = other !== undefined && plans.some((p) => twinOf(p) !== undefined);

  return (
    <ScreenLayout screenId={screen.id} title={screen.title} subtitle={screen.subtitle} titleId={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack $gap={16}>
          {all === undefined ? <p role="status">{screen.messages.loading ?? '…'}</p> : null}
          {unavailable ? (
            <Stack $gap={12}>
              <ErrorText role="alert">{screen.messages.unavailable}</ErrorText>
              <SecondaryButton type="button" ref={retryRef} onClick={retry}>
                {screen.messages.retry}
              </SecondaryButton>
            </Stack>
          ) : null}
          {plans.length > 0 ? (
            // The group wraps the list: a list given the radiogroup role leaves its items outside any list (axe).
            <div role="radiogroup" ref={plansRef} aria-labelledby={titleId} aria-describedby={error ? errorId : undefined}>
              <OptionList>
                {plans.map((plan) => (
                  <li key={plan.productId}>
                    <PlanCard data-selected={plan.productId === chosen || undefined}>
                      <input
                        type="radio"
                        name={`${screen.id}-plan`}
                        value={plan.productId}
                        checked={plan.productId === chosen}
                        onChange={() => {
                          setChosen(plan.productId);
                          setError(null);
                        }}
                      />
                      <span>
                        {type === 'TRIAL' ? `${displayDuration(plan.additionalInfo.trialDuration)} trial` : plan.name}
                        <Detail>{fillPlanTerms(screen.planTerms, plan)}</Detail>
                      </span>
                      <Price>{formatUsd(type === 'TRIAL' ? plan.trialPrice : plan.price)}</Price>
                    </PlanCard>
                  </li>
                ))}
              </OptionList>
            </div>
          ) : null}
          {error ? <ErrorText id={errorId} role="alert">{error}</ErrorText> : null}
          {/* In the page before a plan is chosen, hidden: its class is then made as the screen is, not by the tap that chooses. */}
          <PayTerms id={payTermsId} hidden={!selected}>{selected ? fillPlanTerms(screen.payTerms, selected) : null}</PayTerms>
          <PrimaryButton type="submit" disabled={busy || plans.length === 0} aria-busy={busy || undefined} aria-describedby={selected ? payTermsId : undefined}>
            {busy && screen.busy ? screen.busy : screen.cta}
          </PrimaryButton>
          {other && canPayWithOther ? (
            <SecondaryButton type="button" disabled={busy} onClick={payWithOther} aria-describedby={selected ? payTermsId : undefined}>
              {other.cta}
            </SecondaryButton>
          ) : null}
          {screen.note ? <Note>{screen.note}</Note> : null}
          {screen.transactionsTitle && plans.length > 0 && transactions.length > 0 ? (
            <Transactions aria-label={screen.transactionsTitle}>
              <h2>{screen.transactionsTitle}</h2>
              <ul>
                {transactions.map((t, i) => (
                  <li key={i}>
                    <span>{t.name}</span>
                    <span>{formatUsd(t.amount)}</span>
                    <span>{timeAgo(t.minutesAgo)}</span>
                  </li>
                ))}
              </ul>
            </Transactions>
          ) : null}
        </Stack>
      </form>
    </ScreenLayout>
  );
}
