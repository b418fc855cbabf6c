import styled from 'styled-components';
import type { PaymentErrorScreen as PaymentErrorScreenData } from '../../engine/generated/flow-types';
import { paymentErrorReasonOf } from '../../engine/payment-error';
import type { ScreenProps } from '../screen-props';
import { PrimaryButton, SecondaryButton, Stack } from '../../ui/primitives';
import { ScreenLayout } from '../screen-layout';

const Paragraph = styled.p`
  margin: 0;
`;

/**
 * The page a failed payment leads to: the texts of the reason its `reasonFrom` effect reports (declined, already
 * purchased, cancelled, unknown), then one primary action (try again) and a secondary one named for the screen it
 * leads to (the effect says which; the flow's `secondary.labels` name each). Until the reason is known only the
 * neutral `checking` texts show, and no button. Each button answers with its action's value; the machine decides
 * where that leads by `next`, as the label said.
 */
export function PaymentErrorScreen({ screen, results, send }: ScreenProps<PaymentErrorScreenData>) {
  const result = results?.paymentError[screen.reasonFrom];
  const reason = paymentErrorReasonOf(result);
  const texts = screen.reasons[reason];
  const leadsTo = result !== undefined && 'secondaryTo' in result ? result.secondaryTo : null;
  const secondaryLabel = leadsTo !== null && Object.hasOwn(screen.secondary.labels, leadsTo) ? screen.secondary.labels[leadsTo] : undefined;
  const checking = reason === 'checking';
  return (
    // Keyed by reason: when it replaces the checking texts, focus moves to the new heading.
    <ScreenLayout screenId={`${screen.id}:${reason}`} eyebrow={texts.eyebrow} title={texts.title}>
      <Stack $gap={16} aria-busy={checking || undefined}>
        {(texts.body ?? []).map((text) => (
          <Paragraph key={text}>{text}</Paragraph>
        ))}
        {checking ? null : (
          <Stack $gap={12}>
            <PrimaryButton type="button" onClick={() => send({ type: 'ANSWER', value: screen.primary.value })}>
              {screen.primary.label}
            </PrimaryButton>
            {secondaryLabel !== undefined ? (
              <SecondaryButton type="button" onClick={() => send({ type: 'ANSWER', value: screen.secondary.value })}>
                {secondaryLabel}
              </SecondaryButton>
            ) : null}
          </Stack>
        )}
      </Stack>
    </ScreenLayout>
  );
}
