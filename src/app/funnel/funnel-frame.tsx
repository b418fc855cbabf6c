import styled from 'styled-components';
import type { Group } from '../../engine/generated/flow-types';
import { up } from '../../ui/theme';

const blurPx = { none: 0, soft: 10, strong: 18 } as const;

export const Backdrop = styled.div<{ $image: string }>`
  min-height: calc(100dvh - 64px);
  padding: 12px 16px 40px;
  /* In the dark theme the group's art is dimmed rather than replaced: same image, night tone. */
  background:
    ${({ theme }) => (theme.scheme === 'dark' ? 'linear-gradient(rgba(18, 12, 38, 0.62), rgba(18, 12, 38, 0.62)),' : '')}
    url(${({ $image }) => $image}) center / cover no-repeat fixed;
  ${up('sm')} { padding: 32px 24px 64px; }
`;

const CardBox = styled.section<{ $blur: number }>`
  max-width: 560px;
  margin: 0 auto;
  padding: 16px 20px 28px;
  border-radius: 24px;
  background: ${({ theme }) => theme.colors.surface};
  backdrop-filter: blur(${({ $blur }) => $blur}px);
  -webkit-backdrop-filter: blur(${({ $blur }) => $blur}px);
  box-shadow: 0 20px 50px rgba(40, 26, 92, 0.18);
  ${up('sm')} { padding: 24px 32px 36px; }
`;

/** The page-group frame around a screen: the group's background image and its card blur. */
export function FunnelFrame({ group, groupId, children }: { group: Group | undefined; groupId: string; children: React.ReactNode }) {
  return (
    <Backdrop $image={group?.background ?? ''} data-group={groupId}>
      <CardBox $blur={blurPx[group?.blur ?? 'none']}>{children}</CardBox>
    </Backdrop>
  );
}
