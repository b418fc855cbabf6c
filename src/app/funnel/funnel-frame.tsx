import type { CSSProperties } from 'react';
import styled, { css } from 'styled-components';
import type { Group } from '../../engine/generated/flow-types';
import { blurredArtOf } from '../../shared/blurred-art';
import { whenIdle } from '../../ui/when-idle';
import { up } from '../../ui/theme';

/*
 * The group's art, and the card's blurred copy of it, are the elements' own style, not a class per group: a class
 * made when the first screen of a group is shown was a CSS rule inserted inside that tap, and the browser restyled
 * the whole page for it (tests/tap-styles.spec.ts). These rules are the same for every group.
 */
export const Backdrop = styled.div`
  /* A stacking context of its own: the art below lies over the backdrop's colour and under everything else in it. */
  position: relative;
  isolation: isolate;
  /* The art is fixed to the viewport: it shows within the backdrop's box only, as a background would. */
  clip-path: inset(0);
  min-height: calc(100dvh - 64px);
  padding: 12px 16px 40px;
  background-color: ${({ theme }) => theme.colors.page};
  ${up('sm')} { padding: 32px 24px 64px; }
`;

/**
 * An art layer: an element fixed to the viewport and covering it, its picture covering the element, in a compositing
 * layer of its own (will-change: opacity). It never changes size, whatever the screen in front of it, and the page
 * scrolls over it in the compositor: once painted it is never painted again. A background fixed to the viewport on an
 * element of the page's height (background-attachment: fixed) was painted again whenever the element's size or
 * position changed, at nearly every tap: the card's blurred copy, drawn scaled up from a few hundred bytes, took
 * 2-3 ms of raster a tap, and the new group's art and copy 20-40 ms on a tap into another group.
 */
const artLayer = css`
  position: fixed;
  inset: 0;
  pointer-events: none;
  background-position: center;
  background-size: cover;
  background-repeat: no-repeat;
  will-change: opacity;
`;

/**
 * A colour laid over a layer's picture, as an element of its own over it: as a gradient layer of the picture's
 * background, a fully transparent one (the light scheme's overlay) had the browser paint the whole layer again when
 * its opacity changed, the tap that shows a group's art kept ahead among them.
 */
const coloured = (color: string) => css`
  content: '';
  position: absolute;
  inset: 0;
  background-color: ${color};
`;

/** The group's art under the scheme's overlay: none in light; in dark the pastel art becomes a night sky. */
const Art = styled.div`
  ${artLayer}
  z-index: -1;
  &::after { ${({ theme }) => coloured(theme.colors.artOverlay)} }
`;

const CARD_RADIUS = '24px';

const CardBox = styled.section`
  /* The side padding, which a screen kept hidden in the card takes too (screen-slot.tsx): it is laid out in the same width. */
  --card-pad-x: 20px;
  position: relative;
  /* A stacking context of its own: the blurred copy below (z-index -1) lies over the card's surface, under its screens. */
  isolation: isolate;
  max-width: 560px;
  margin: 0 auto;
  padding: 16px var(--card-pad-x) 28px;
  border-radius: ${CARD_RADIUS};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 20px 50px ${({ theme }) => theme.colors.shadow};
  ${up('sm')} { --card-pad-x: 32px; padding: 24px var(--card-pad-x) 36px; }
`;

/**
 * The card's window onto its blurred copy of the art: the copy is an art layer fixed to the viewport as the art is,
 * so it lies exactly over the art behind the card, and this clips it to the card's shape (a clip path clips the fixed
 * layer too, where overflow would not), under the card's content and over its own surface.
 */
const CardArtClip = styled.div`
  position: absolute;
  inset: 0;
  z-index: -1;
  pointer-events: none;
  clip-path: inset(0 round ${CARD_RADIUS});
`;

/** The blurred copy of the art, under the scheme's overlay as the art is, under the card's own surface. */
const CardArt = styled.div`
  ${artLayer}
  background-color: ${({ theme }) => theme.colors.page};
  &::before { ${({ theme }) => coloured(theme.colors.artOverlay)} }
  &::after { ${({ theme }) => coloured(theme.colors.surface)} }
`;

/**
 * A layer kept for the group a tap most likely leads to: painted while the browser is idle, nearly transparent (one
 * part in five hundred: at most half a step of a colour channel, which no screen shows), and made opaque by that tap,
 * which then neither paints nor rasters any art. Fully transparent, the browser would not paint it at all.
 */
const aheadStyle: CSSProperties = { opacity: 0.002 };

/**
 * A text as a CSS string, every character but a path's or an id's plain ones escaped (the flow checker lets only plain
 * paths through; the prerendered landing writes these into a style attribute and a stylesheet, where a quote or a
 * newline would end the string).
 */
export const cssString = (text: string) => `"${text.replace(/[^A-Za-z0-9/_.-]/gu, (c) => `\\${c.codePointAt(0)!.toString(16)} `)}"`;

/** A path as a CSS url(). */
const cssUrl = (path: string) => `url(${cssString(path)})`;

/** The art layer's picture: the group's art, if it has one. */
function artStyle(image: string | undefined): CSSProperties | undefined {
  return image ? { backgroundImage: cssUrl(image) } : undefined;
}

/**
 * A group that blurs: the build's blurred copy of the art, fixed and covering the viewport as the art is, so it lies
 * exactly over the art behind the card (src/shared/blurred-art.ts). No backdrop-filter: the browser would blur the
 * art again on every screen change.
 */
function blurredCardStyle(blurredArt: string | undefined): CSSProperties | undefined {
  return blurredArt ? { backgroundImage: cssUrl(blurredArt) } : undefined;
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

/** A page group as the frame draws it: its id and what the flow says of it (nothing for a group it does not name). */
export interface FrameGroup {
  id: string;
  group: Group | undefined;
}

/**
 * The page-group frame around a screen: the group's background image, and its card over it blurred as the group says.
 * `next`: the group of the screen a tap most likely leads to, when another: its art and blurred copy are kept ahead.
 */
export function FunnelFrame({ group, groupId, next, children }: { group: Group | undefined; groupId: string; next?: FrameGroup | undefined; children: React.ReactNode }) {
  // Keyed by group: the layers kept ahead are the ones the tap shows, not copies.
  const layers = [{ id: groupId, group, ahead: false }, ...(next && next.id !== groupId ? [{ ...next, ahead: true }] : [])];
  const copies = layers.flatMap((layer) => {
    const style = blurredCardStyle(layer.group && blurredArtOf(layer.group));
    return style ? [{ ...layer, style }] : [];
  });
  const aheadOf = (layer: { ahead: boolean }) => (layer.ahead ? '' : undefined);
  return (
    <Backdrop data-group={groupId}>
      {layers.map((layer) => (
        <Art key={layer.id} aria-hidden="true" data-art={layer.id} data-ahead={aheadOf(layer)} style={{ ...artStyle(layer.group?.background), ...(layer.ahead && aheadStyle) }} />
      ))}
      <CardBox>
        {children}
        {/* After the screens, under them all the same (z-index): the card's first element is the screen, as it was. */}
        {copies.length > 0 && (
          <CardArtClip aria-hidden="true">
            {copies.map((copy) => (
              <CardArt key={copy.id} data-card-art={copy.id} data-ahead={aheadOf(copy)} style={{ ...copy.style, ...(copy.ahead && aheadStyle) }} />
            ))}
          </CardArtClip>
        )}
      </CardBox>
    </Backdrop>
  );
}
