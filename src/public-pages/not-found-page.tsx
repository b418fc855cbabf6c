import styled from 'styled-components';
import { Link } from 'react-router-dom';

const Box = styled.div`
  max-width: 480px;
  margin: 48px auto;
  padding: 32px 24px;
  text-align: center;
  border-radius: 24px;
  background: ${({ theme }) => theme.colors.surfaceSolid};
  h1 { font-size: 28px; margin-bottom: 8px; }
`;

export function NotFoundPage() {
  return (
    <Box>
      <h1>Page not found</h1>
      <p>This page isn't among the stars. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Go to the start</Link>
      </p>
    </Box>
  );
}
