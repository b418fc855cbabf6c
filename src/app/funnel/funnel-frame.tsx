import styled from 'styled-components';
import type { Group } from '../../engine/generated/flow-types';
import { blurredArtOf } from '../../shared/blurred-art';
import { whenIdle } from '../../ui/when-idle';
import { up } from '../../ui/theme';

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

const CardBox = styled.section<{ $blurredArt: string | undefined }>`
  /* The side padding, which a screen kept hidden in the card takes too (screen-slot.tsx): it is laid out in the same width. */
  --card-pad-x: 20px;
  position: relative;
  max-width: 560px;
  margin: 0 auto;
  padding: 16px var(--card-pad-x) 28px;
  border-radius: 24px;
  background: ${({ theme }) => theme.colors.surface};
  /*
   * A group that blurs: the build's blurred copy of the art, under the scheme's overlay, fixed and covering the viewport
   * as the art is, so it lies exactly over the art behind the card (src/shared/blurred-art.ts). No backdrop-filter: the
   * browser would blur the art again on every screen change.
   */
  ${({ $blurredArt, theme }) =>
    $blurredArt
      ? `background:
    linear-gradient(${theme.colors.surface}, ${theme.colors.surface}),
    linear-gradient(${theme.colors.artOverlay}, ${theme.colors.artOverlay}),
    url(${$blurredArt}) center / cover no-repeat fixed;
  background-color: ${theme.colors.page};`
      : ''}
  box-shadow: 0 20px 50px ${({ theme }) => theme.colors.shadow};
  ${up('sm')} { --card-pad-x: 32px; padding: 24px var(--card-pad-x) 36px; }
`;

/**
 * Fetches and decodes the art of every page group, and its blurred copy, once the browser is idle: the tap into a
 * group's first screen then does not wait for its art to load and parse (issue 15: about 14 ms at 4x CPU on the tap
 * into the price page), and the screen is never painted without it. A few KB in all, fetched after the landing.
 */
export function preloadGroupArt(groups: Record<string, Group>): () => void {
  const urls = new Set(Object.values(groups).flatMap((group) => [group.background, blurredArtOf(group)]).filter((url): url is string => url !== undefined));
  return whenIdle(() => {
    for (const url of urls) {
      const image = new Image();
      image.decoding = 'async';
      image.src = url;
      // A missing image shows as before: the screen without its art.
      image.decode().catch(() => undefined);
    }
  }, 3000);
}

/** The page-group frame around a screen: the group's background image, and its card over it blurred as the group says. */
export function FunnelFrame({ group, groupId, children }: { group: Group | undefined; groupId: string; children: React.ReactNode }) {
  return (
    <Backdrop $image={group?.background ?? ''} data-group={groupId}>
      <CardBox $blurredArt={group && blurredArtOf(group)}>{children}</CardBox>
    </Backdrop>
  );
}
