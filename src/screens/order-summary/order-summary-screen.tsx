import styled from 'styled-components';
import type { OrderSummaryScreen as OrderSummaryScreenData } from '../../engine/generated/flow-types';
import { formatUsd } from '../../domain/group-plans';
import type { ScreenProps } from '../screen-props';
import { ScreenLayout } from '../screen-layout';
import { fillText } from '../fill-text';
import { ErrorText, PrimaryButton, Stack } from '../../ui/primitives';
import { TextWithEmailLinks } from '../../ui/text-with-email-links';

const Section = styled.section`
  display: grid;
  gap: 8px;
`;

const SectionHeading = styled.h2`
  margin: 0;
  font-size: 18px;
  line-height: 1.3;
`;

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Line = styled.li`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: start;
  gap: 12px;
  padding: 12px 16px;
  border-radius: 14px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const LineName = styled.span`
  display: grid;
  gap: 2px;
  font-weight: 600;
  min-width: 0;
`;

const Detail = styled.span`
  font-size: 14px;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.muted};
`;

const Amount = styled.span`
  font-weight: 700;
  white-space: nowrap;
`;

const Total = styled.p`
  margin: 0;
  display: flex;
  justify-content: space-between;
  gap: 12px;
  padding: 0 16px;
  font-weight: 700;
`;

const Paragraph = styled.p`
  margin: 0;
`;

const Steps = styled.ol`
  margin: 0;
  padding-left: 22px;
  display: grid;
  gap: 6px;
`;

/**
 * The end of a purchase (/signup-offer-success): what the visitor bought, each with what it charged, as the
 * `summaryFrom` effect found it on the subscription server; where it arrives (their email masked, a•••@example.com:
 * the address itself is never shown or stored here); what happens next; and a way on (`wayOn`, a screen the
 * visitor passed, such as the start). Every text is the flow's, rendered as text.
 */
export function OrderSummaryScreen({ screen, answers, flags, send, results }: ScreenProps<OrderSummaryScreenData>) {
  const summary = results?.orderSummary[screen.summaryFrom];
  const ready = summary?.outcome === 'ready' ? summary : null;
  const maskedEmail = ready?.maskedEmail ?? null;
  const values = { answers, flags, ...(maskedEmail ? { maskedEmail } : {}) };
  const boughtId = `${screen.id}-bought`;
  const deliveryId = `${screen.id}-delivery`;
  const nextId = `${screen.id}-next`;
  const total = ready?.lines.reduce((sum, line) => sum + Math.round(line.charged * 100), 0) ?? 0;

  return (
    <ScreenLayout screenId={screen.id} eyebrow={screen.eyebrow} title={screen.title}>
      <Stack $gap={24}>
        <Section aria-labelledby={boughtId}>
          <SectionHeading id={boughtId}>{screen.boughtHeading}</SectionHeading>
          {summary === undefined ? <Paragraph role="status">{screen.loading}</Paragraph> : null}
          {summary !== undefined && !ready ? <ErrorText role="alert">{screen.messages.unavailable}</ErrorText> : null}
          {ready && ready.lines.length > 0 ? (
            <>
              <Lines>
                {ready.lines.map((line) => (
                  <Line key={line.kind === 'plan' ? `plan:${line.productId}` : `offer:${line.offerId}`}>
                    <LineName>
                      {line.kind === 'plan' ? screen.planLabel : line.name}
                      <Detail>{line.kind === 'plan' ? line.name : line.description}</Detail>
                    </LineName>
                    <Amount>{formatUsd(line.charged)}</Amount>
                  </Line>
                ))}
              </Lines>
              <Total>
                <span>{screen.totalLabel}</span>
                <span>{formatUsd(total / 100)}</span>
              </Total>
            </>
          ) : null}
        </Section>
        <Section aria-labelledby={deliveryId}>
          <SectionHeading id={deliveryId}>{screen.deliveryHeading}</SectionHeading>
          <Paragraph>{fillText(maskedEmail ? screen.delivery : screen.deliveryUnknown, values)}</Paragraph>
        </Section>
        <Section aria-labelledby={nextId}>
          <SectionHeading id={nextId}>{screen.nextHeading}</SectionHeading>
          <Steps>
            {screen.steps.map((text, j) => (
              // The steps are the flow's, in its order: their place is their identity.
              <li key={j}>
                <TextWithEmailLinks text={fillText(text, values)} />
              </li>
            ))}
          </Steps>
        </Section>
        <PrimaryButton type="button" onClick={() => send({ type: 'NAVIGATE', screen: screen.wayOn.to })}>
          {screen.wayOn.label}
        </PrimaryButton>
      </Stack>
    </ScreenLayout>
  );
}
