import styled from 'styled-components';
import { Link } from 'react-router-dom';
import type { WelcomeScreen as WelcomeScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import { PrimaryButton, Stack, Subtitle } from '../../ui/primitives';
import { ScreenLayout } from '../screen-layout';

const Footnote = styled.p`
  margin: 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
  text-align: center;
`;

export function WelcomeScreen({ screen, send }: ScreenProps<WelcomeScreenData>) {
  return (
    <ScreenLayout screenId={screen.id} eyebrow={screen.eyebrow} title={screen.title}>
      <Stack $gap={20}>
        {screen.subtitle ? <Subtitle>{screen.subtitle}</Subtitle> : null}
        {/* data-start-cta: the app recognises a tap made before the engine is running (src/shared/early-tap.ts). */}
        <PrimaryButton type="button" data-start-cta="" onClick={() => send({ type: 'NEXT' })}>
          {screen.cta}
        </PrimaryButton>
        {screen.footnote ? <Footnote>{screen.footnote}</Footnote> : null}
        <Footnote>
          <Link to="/terms-of-use">Terms of Use</Link> · <Link to="/privacy-policy">Privacy Policy</Link> ·{' '}
          <Link to="/understanding-astrology">Understanding astrology</Link>
        </Footnote>
      </Stack>
    </ScreenLayout>
  );
}
