import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, parseColor, type Rgba } from './contrast';
import { colorTokens, cssVarName, paletteDeclarations, palettes, theme, type ColorScheme, type ColorToken } from './theme';

// WCAG 2.2 AA: text 4.5:1 (1.4.3); the parts of a control needed to see it, and the focus ring, 3:1 (1.4.11).
const TEXT = 4.5;
const NON_TEXT = 3;

/**
 * The art behind the cards (public/backgrounds) at its worst for each scheme: in light its darkest colour (the
 * brand purple of its glows, taken at full strength), in dark its brightest (white stars and moon) under the
 * scheme's overlay.
 */
const artAtWorst: Record<ColorScheme, string> = { light: '#9d75eb', dark: '#ffffff' };

function surfacesOf(scheme: ColorScheme): Array<[string, Rgba]> {
  const c = (token: ColorToken) => parseColor(palettes[scheme][token]);
  const page = c('page');
  const art = composite(c('artOverlay'), parseColor(artAtWorst[scheme]));
  const solid = c('surfaceSolid');
  const cardOnPage = composite(c('surface'), page);
  const cardOnArt = composite(c('surface'), art);
  return [
    ['page', page],
    ['surfaceSolid', solid],
    ['surface over the page', cardOnPage],
    ['surface over the art', cardOnArt],
    ['tint over surfaceSolid', composite(c('tint'), solid)],
    ['tint over the card', composite(c('tint'), cardOnArt)],
  ];
}

for (const scheme of ['light', 'dark'] as const) {
  describe(`the ${scheme} palette meets WCAG AA`, () => {
    const c = (token: ColorToken) => parseColor(palettes[scheme][token]);
    const surfaces = surfacesOf(scheme);

    for (const token of ['text', 'muted', 'brandStrong', 'error'] as const) {
      it(`${token} text (and links, for brandStrong) on every surface: at least ${TEXT}:1`, () => {
        for (const [name, surface] of surfaces) {
          expect(contrastRatio(c(token), surface), `${token} on ${name}`).toBeGreaterThanOrEqual(TEXT);
        }
      });
    }

    it('the call to action: its text on its fill, at rest and hovered', () => {
      expect(contrastRatio(c('onPrimary'), c('primary'))).toBeGreaterThanOrEqual(TEXT);
      expect(contrastRatio(c('onPrimary'), c('primaryHover'))).toBeGreaterThanOrEqual(TEXT);
    });

    it('text on a brand fill (a switch that is on, a chosen mark)', () => {
      expect(contrastRatio(c('onBrand'), c('brandStrong'))).toBeGreaterThanOrEqual(TEXT);
    });

    for (const token of ['controlBorder', 'brandStrong', 'focus'] as const) {
      it(`${token} (field and option outlines, chosen marks, the focus ring) on every surface: at least ${NON_TEXT}:1`, () => {
        // Controls sit on the page, a card or a dialog; a tinted background is a chosen option's own, outlined in brandStrong.
        const under = token === 'controlBorder' ? surfaces.filter(([name]) => !name.startsWith('tint')) : surfaces;
        for (const [name, surface] of under) {
          expect(contrastRatio(c(token), surface), `${token} on ${name}`).toBeGreaterThanOrEqual(NON_TEXT);
        }
      });
    }

    it('a progress bar: its fill against its track', () => {
      for (const [name, surface] of surfaces) {
        const track = composite(c('tint'), surface);
        expect(contrastRatio(c('brandStrong'), track), `on ${name}`).toBeGreaterThanOrEqual(NON_TEXT);
      }
    });
  });
}

describe('the theme', () => {
  it('gives every colour role a value in both schemes, as a CSS variable the components read', () => {
    for (const token of colorTokens) {
      expect(theme.colors[token]).toBe(`var(${cssVarName(token)})`);
      for (const scheme of ['light', 'dark'] as const) {
        expect(paletteDeclarations(scheme)).toContain(`${cssVarName(token)}: ${palettes[scheme][token]};`);
      }
    }
    expect(colorTokens).toHaveLength(Object.keys(palettes.dark).length);
  });

  it('keeps the brand purple and the brand text colour', () => {
    expect(palettes.light.brand).toBe('#9d75eb');
    expect(palettes.light.text).toBe('#3c2f6b');
  });

  it('the light and dark schemes differ where a page would be unreadable otherwise', () => {
    // The regression this guards against: light text on a white card. Dark text goes on dark surfaces, never on white.
    const darkText = parseColor(palettes.dark.text);
    expect(contrastRatio(darkText, parseColor(palettes.dark.surfaceSolid))).toBeGreaterThanOrEqual(TEXT);
    expect(contrastRatio(darkText, parseColor(palettes.light.surfaceSolid))).toBeLessThan(TEXT);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio(parseColor('#000'), parseColor('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('rgb(108, 69, 201)'), parseColor('#6c45c9'))).toBeCloseTo(1, 5);
  });

  it('matches a known pair: the brand purple on white is 3.4:1', () => {
    expect(contrastRatio(parseColor('#9d75eb'), parseColor('#ffffff'))).toBeCloseTo(3.4, 1);
  });

  it('composites a translucent foreground over the background first', () => {
    const half = parseColor('rgba(0, 0, 0, 0.5)');
    expect(composite(half, parseColor('#ffffff'))).toEqual({ r: 127.5, g: 127.5, b: 127.5, alpha: 1 });
    expect(contrastRatio(half, parseColor('#ffffff'))).toBeCloseTo(contrastRatio(parseColor('#808080'), parseColor('#ffffff')), 1);
  });

  it('refuses a translucent background, which has no contrast until it is over something', () => {
    expect(() => contrastRatio(parseColor('#000'), parseColor('rgba(255, 255, 255, 0.5)'))).toThrow(/opaque/);
  });
});
