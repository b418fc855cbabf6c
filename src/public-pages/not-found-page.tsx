import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { Heading, PrimaryButton, Stack } from '../ui/primitives';
import { up } from '../ui/theme';

/**
 * Spaced as the funnel's screens are (their frame's padding and card): off the screen's edges on a phone, and with
 * padding rather than margins, which would add to the page's full height and make it scroll for nothing.
 */
const Page = styled.div`
  padding: 12px 16px 40px;
  ${up('sm')} { padding: 32px 24px 64px; }
`;

const Card = styled.section`
  max-width: 560px;
  margin: 0 auto;
  padding: 24px 20px 28px;
  text-align: center;
  border-radius: 24px;
  background: ${({ theme }) => theme.colors.surfaceSolid};
  box-shadow: 0 20px 50px ${({ theme }) => theme.colors.shadow};
  ${up('sm')} { padding: 32px 32px 36px; }
  p { margin: 0; }
`;

export function NotFoundPage() {
  return (
    <Page>
      <Card aria-labelledby="not-found-title">
        <Stack $gap={16}>
          <Heading id="not-found-title">Page not found</Heading>
          <p>This page isn't among the stars. It may have moved, or the link may be mistyped.</p>
          <PrimaryButton as={Link} to="/">
            Go to the start
          </PrimaryButton>
        </Stack>
      </Card>
    </Page>
  );
}
