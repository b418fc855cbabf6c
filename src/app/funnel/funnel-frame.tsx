import type { CSSProperties } from 'react';
import styled, { css } from 'styled-components';
import type { Group } from '../../engine/generated/flow-types';
import { blurredArtOf } from '../../shared/blurred-art';
import { whenIdle } from '../../ui/when-idle';
import { theme, up } from '../../ui/theme';

/*
 * The group's art, and the card's blurred copy of it, are the elements' own style, not a class per group: a class
 * made when the first screen of a group is shown was a CSS rule inserted inside that tap, and the browser restyled
 * the whole page for it (tests/tap-styles.spec.ts). These rules are the same for every group.
 */
export const Backdrop = styled.div`
  /* A stacking context of its own: the art below lies over the backdrop's colour and under everything else in it. */
  position: relative;
  isolation: isolate;
  min-height: calc(100dvh - 64px);
  padding: 12px 16px 40px;
  background-color: ${({ theme }) => theme.colors.page};
  ${up('sm')} { padding: 32px 24px 64px; }
`;

/** The art's image layer, and its blurred copy's on the card: covering the viewport, fixed to it. */
const coverViewport = css`
  background-position: center;
  background-size: cover;
  background-repeat: no-repeat;
  background-attachment: fixed;
`;

/**
 * The group's art (the element's style) under the scheme's overlay: none in light; in dark the pastel art becomes a
 * night sky. It covers the backdrop's box, fixed to the viewport as before, and is a compositing layer of its own
 * (will-change: opacity; a transform would tie the fixed art to the element's box instead): drawn once, not again
 * under the card at every screen change. Painted with the backdrop, its soft vector gradients were half of a tap's
 * raster time on this machine (measured: 20 → 10-12 ms a tap at 4x CPU; tests/tap-styles.spec.ts).
 */
const Art = styled.div`
  position: absolute;
  inset: 0;
  z-index: -1;
  pointer-events: none;
  ${coverViewport}
  will-change: opacity;
`;

const CardBox = styled.section`
  /* The side padding, which a screen kept hidden in the card takes too (screen-slot.tsx): it is laid out in the same width. */
  --card-pad-x: 20px;
  position: relative;
  max-width: 560px;
  margin: 0 auto;
  padding: 16px var(--card-pad-x) 28px;
  border-radius: 24px;
  background: ${({ theme }) => theme.colors.surface};
  ${coverViewport}
  box-shadow: 0 20px 50px ${({ theme }) => theme.colors.shadow};
  ${up('sm')} { --card-pad-x: 32px; padding: 24px var(--card-pad-x) 36px; }
`;

/**
 * A text as a CSS string, every character but a path's or an id's plain ones escaped (the flow checker lets only plain
 * paths through; the prerendered landing writes these into a style attribute and a stylesheet, where a quote or a
 * newline would end the string).
 */
export const cssString = (text: string) => `"${text.replace(/[^A-Za-z0-9/_.-]/gu, (c) => `\\${c.codePointAt(0)!.toString(16)} `)}"`;

/** A path as a CSS url(). */
const cssUrl = (path: string) => `url(${cssString(path)})`;

/** A layer of one colour. */
const flat = (color: string) => `linear-gradient(${color}, ${color})`;

/** The art's layers: the group's art under the scheme's overlay. */
export function artStyle(image: string | undefined): CSSProperties {
  const overlay = flat(theme.colors.artOverlay);
  return { backgroundImage: image ? `${overlay}, ${cssUrl(image)}` : overlay };
}

/**
 * A group that blurs: the build's blurred copy of the art, under the scheme's overlay, fixed and covering the viewport
 * as the art is, so it lies exactly over the art behind the card (src/shared/blurred-art.ts), under the card's own
 * surface. No backdrop-filter: the browser would blur the art again on every screen change.
 */
export function blurredCardStyle(blurredArt: string | undefined): CSSProperties | undefined {
  if (!blurredArt) return undefined;
  const { surface, artOverlay, page } = theme.colors;
  return { backgroundImage: `${flat(surface)}, ${flat(artOverlay)}, ${cssUrl(blurredArt)}`, backgroundColor: page };
}

/**
 * Fetches and decodes the art of every page group, and its blurred copy, once the browser is idle: the tap into a
 * group's first screen then does not wait for its art to load and parse (about 14 ms at 4x CPU on the tap into
 * the price page), and the screen is never painted without it. A few KB in all, fetched after the landing.
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
    <Backdrop data-group={groupId}>
      <Art aria-hidden="true" data-art="" style={artStyle(group?.background)} />
      <CardBox style={blurredCardStyle(group && blurredArtOf(group))}>{children}</CardBox>
    </Backdrop>
  );
}
