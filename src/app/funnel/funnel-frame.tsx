import styled from 'styled-components';
import type { Group } from '../../engine/generated/flow-types';
import { up } from '../../ui/theme';

const blurPx = { none: 0, soft: 10, strong: 18 } as const;

export const Backdrop = styled.div<{ $image: string }>`
  min-height: calc(100dvh - 64px);
  padding: 12px 16px 40px;
  /* The group's art under the scheme's overlay: none in light; in dark the pastel art becomes a night sky. */
  background:
    linear-gradient(${({ theme }) => theme.colors.artOverlay}, ${({ theme }) => theme.colors.artOverlay}),
    url(${({ $image }) => $image}) center / cover no-repeat fixed;
  background-color: ${({ theme }) => theme.colors.page};
  ${up('sm')} { padding: 32px 24px 64px; }
`;

const CardBox = styled.section<{ $blur: number }>`
  max-width: 560px;
  margin: 0 auto;
  padding: 16px 20px 28px;
  border-radius: 24px;
  background: ${({ theme }) => theme.colors.surface};
  /* No blur, no backdrop filter at all: blur(0px) looks the same and still costs the compositor each frame. */
  ${({ $blur }) => ($blur > 0 ? `backdrop-filter: blur(${$blur}px); -webkit-backdrop-filter: blur(${$blur}px);` : '')}
  box-shadow: 0 20px 50px ${({ theme }) => theme.colors.shadow};
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
