import styled from 'styled-components';
import type { PaymentResultScreen as PaymentResultScreenData } from '../../engine/generated/flow-types';
import { paymentStatusOf } from '../../engine/payment-status';
import type { ScreenProps } from '../screen-props';
import { PrimaryButton, Stack } from '../../ui/primitives';
import { ScreenLayout } from '../screen-layout';

const Paragraph = styled.p`
  margin: 0;
`;

/**
 * A payment return page: the texts of the status its `statusFrom` effect reports for the visitor's order
 * (paid, pending, declined, unknown), and until it has answered only the neutral `checking` texts, with the
 * button (if any) disabled: nothing on the page says a payment was received before the server has said so.
 * The button then sends NEXT, and the flow's `next` decides on the same outcome.
 */
export function PaymentResultScreen({ screen, results, send }: ScreenProps<PaymentResultScreenData>) {
  const status = paymentStatusOf(results?.paymentStatus[screen.statusFrom]);
  const texts = screen.states[status];
  const checking = status === 'checking';
  return (
    // Keyed by status: when the answer replaces the checking texts, focus moves to the new heading.
    <ScreenLayout screenId={`${screen.id}:${status}`} eyebrow={texts.eyebrow} title={texts.title}>
      <Stack $gap={16} aria-busy={checking || undefined}>
        {(texts.body ?? []).map((text) => (
          <Paragraph key={text}>{text}</Paragraph>
        ))}
        {texts.cta && !screen.end ? (
          <PrimaryButton type="button" disabled={checking} aria-busy={checking || undefined} onClick={checking ? undefined : () => send({ type: 'NEXT' })}>
            {texts.cta}
          </PrimaryButton>
        ) : null}
      </Stack>
    </ScreenLayout>
  );
}
