import styled from 'styled-components';
import type { InterstitialScreen as InterstitialScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import type { SignInfo } from '../../domain/sky-at-birth';
import { PrimaryButton, Stack } from '../../ui/primitives';
import { ScreenLayout } from '../screen-layout';
import { fillText } from '../fill-text';
import { useSkyAtBirth } from './use-sky-at-birth';
import { skyValues } from './sky-values';

const SignCard = styled.figure`
  margin: 0;
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 16px;
  border-radius: 16px;
  background: ${({ theme }) => theme.colors.tint};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Symbol = styled.span<{ $pair: boolean }>`
  /* Two glyphs (the Moon's possible signs) share the circle at a smaller size. */
  font-size: ${({ $pair }) => ($pair ? '26px' : '44px')};
  letter-spacing: ${({ $pair }) => ($pair ? '-1px' : '0')};
  flex: none;
  line-height: 1;
  width: 64px;
  height: 64px;
  display: grid;
  place-items: center;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
`;

const SignName = styled.figcaption`
  display: grid;
  gap: 2px;
  strong {
    font-size: 20px;
  }
  span {
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Paragraph = styled.p`
  margin: 0;
`;

/** A body's sign; `signs` holds two when the unknown birth time leaves it open (the Moon on the day it moved on). */
function SignFigure({ label, signs }: { label: string; signs: SignInfo[] }) {
  const [first] = signs;
  if (!first) return null;
  const open = signs.length > 1;
  return (
    <SignCard>
      <Symbol aria-hidden="true" $pair={open}>
        {signs.map((s) => s.symbol).join('')}
      </Symbol>
      <SignName>
        <strong>
          {label} in {signs.map((s) => s.name).join(' or ')}
        </strong>
        <span>{open ? 'Your birth time decides which' : `${first.element.charAt(0).toUpperCase() + first.element.slice(1)} sign`}</span>
      </SignName>
    </SignCard>
  );
}

export function InterstitialScreen({ screen, answers, send, profile, flags }: ScreenProps<InterstitialScreenData>) {
  const sky = useSkyAtBirth(screen.insight, answers, profile);
  const values = { answers, flags, ...(sky ? skyValues(sky) : {}) };
  const show = screen.insight?.show;
  return (
    <ScreenLayout screenId={screen.id} eyebrow={screen.eyebrow} title={fillText(screen.title, values)}>
      <Stack $gap={16}>
        {sky && show === 'sun-sign' ? <SignFigure label="Sun" signs={[sky.sun]} /> : null}
        {sky && show === 'moon-sign' ? <SignFigure label="Moon" signs={sky.moonSigns} /> : null}
        {(screen.body ?? []).map((text, j) => (
          // The paragraphs are the flow's, in its order: their place is their identity.
          <Paragraph key={j}>{fillText(text, values)}</Paragraph>
        ))}
        {screen.cta && !screen.end ? (
          <PrimaryButton type="button" onClick={() => send({ type: 'NEXT' })}>
            {screen.cta}
          </PrimaryButton>
        ) : null}
      </Stack>
    </ScreenLayout>
  );
}
