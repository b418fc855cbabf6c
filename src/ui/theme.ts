/** The brand's colours and the layout breakpoints: fixed values, pinned by tests/spec/spec-fidelity.test.ts. */
export const brand = {
  purple: '#9d75eb',
  text: '#3c2f6b',
} as const;

export const breakpoints = { xs: 0, sm: 600, md: 900, lg: 1280, xl: 1440 } as const;

/** Media query for a width at or above a breakpoint. */
export const up = (name: keyof typeof breakpoints) => `@media (min-width: ${breakpoints[name]}px)`;

/**
 * Hover styles go under this query only: on a touch screen a tap leaves :hover on the element under the finger,
 * so the option at that place on the next screen would look chosen.
 */
export const canHover = '@media (hover: hover)';

/** Dialogs and the date picker never grow wider than this. */
export const dialogMaxWidth = 310;

export type ThemeMode = 'light' | 'dark' | 'system';
export type ColorScheme = 'light' | 'dark';

/** The colour roles of the interface; each scheme gives every role a value (see palettes). */
export interface Palette {
  /** The page behind everything. */
  page: string;
  /** Body text. */
  text: string;
  /** Secondary text (subtitles, notes): still AA on every surface. */
  muted: string;
  /** The brand purple itself: decoration only (glows, hover borders), never text. */
  brand: string;
  /** Brand colour for text, links, outlines and selected marks: AA on every surface. */
  brandStrong: string;
  /** Text on a brand-coloured (brand or brandStrong) fill. */
  onBrand: string;
  /** The filled call to action. */
  primary: string;
  primaryHover: string;
  /** Text on the filled call to action. */
  onPrimary: string;
  /** Cards over the group's background art (translucent: the art shows through, blurred). */
  surface: string;
  /** Opaque cards, fields, options, dialogs. */
  surfaceSolid: string;
  /** Hairlines and dividers: decoration only. */
  border: string;
  /** The outline of a field, an option or a check box: 3:1 against the surface, so the control can be seen. */
  controlBorder: string;
  /** A light wash of the brand: hover and highlight backgrounds, progress tracks. */
  tint: string;
  error: string;
  /** The keyboard focus ring. */
  focus: string;
  /** Behind a modal dialog. */
  backdrop: string;
  /** Laid over the group's background art: none in light; in dark it turns the art into a night sky. */
  artOverlay: string;
  /** Card shadows. */
  shadow: string;
}

export type ColorToken = keyof Palette;

export const palettes: Record<ColorScheme, Palette> = {
  light: {
    page: '#f4effd',
    text: brand.text,
    muted: '#5d5284',
    brand: brand.purple,
    // #9d75eb on white is 3.4:1, below AA for text: text and outlines take this darker shade.
    brandStrong: '#6c45c9',
    onBrand: '#ffffff',
    primary: '#6c45c9',
    primaryHover: '#5b36b6',
    onPrimary: '#ffffff',
    surface: 'rgba(255, 255, 255, 0.82)',
    surfaceSolid: '#ffffff',
    border: 'rgba(60, 47, 107, 0.18)',
    controlBorder: '#8a7eb3',
    tint: 'rgba(157, 117, 235, 0.14)',
    error: '#b3261e',
    focus: '#3c2f6b',
    backdrop: 'rgba(28, 20, 56, 0.45)',
    artOverlay: 'rgba(18, 12, 38, 0)',
    shadow: 'rgba(40, 26, 92, 0.18)',
  },
  dark: {
    page: '#120c26',
    text: '#f1ecff',
    muted: '#c9bfe8',
    brand: brand.purple,
    brandStrong: '#c2a8ff',
    onBrand: '#1b1235',
    primary: '#6c45c9',
    primaryHover: '#7b55d6',
    onPrimary: '#ffffff',
    surface: 'rgba(27, 20, 54, 0.88)',
    surfaceSolid: '#1b1436',
    border: 'rgba(241, 236, 255, 0.2)',
    controlBorder: '#8a7fb8',
    tint: 'rgba(194, 168, 255, 0.16)',
    error: '#ffb4ab',
    focus: '#f1ecff',
    backdrop: 'rgba(0, 0, 0, 0.6)',
    artOverlay: 'rgba(20, 10, 52, 0.8)',
    shadow: 'rgba(0, 0, 0, 0.45)',
  },
};

/** The CSS custom property that holds a colour role: --color-brand-strong for brandStrong. */
export function cssVarName(token: ColorToken): string {
  return `--color-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

function isColorToken(key: string): key is ColorToken {
  return key in palettes.light;
}

/** Every colour role, in the palette's order. */
export const colorTokens: readonly ColorToken[] = Object.keys(palettes.light).filter(isColorToken);

/** The declarations that give every colour role its value in a scheme (for :root, see global-style.ts). */
export function paletteDeclarations(scheme: ColorScheme): string {
  return colorTokens
    .map((token) => `${cssVarName(token)}: ${palettes[scheme][token]};`)
    .join('\n');
}

/** A colour role as a CSS value: var(--color-…). */
export function cssVar(token: ColorToken): string {
  return `var(${cssVarName(token)})`;
}

export interface Theme {
  /** Each role as a CSS variable: the page's scheme (device or menu) picks the values, with no re-render. */
  colors: Record<ColorToken, string>;
}

/**
 * The one theme object the components read. Its colours are CSS variables, not values: a component's CSS (and so
 * its class name) is the same in light and dark, so the prerendered landing hydrates without a mismatch, and the
 * scheme applies from the first paint, before any script has run.
 */
export const theme: Theme = {
  colors: {
    page: cssVar('page'),
    text: cssVar('text'),
    muted: cssVar('muted'),
    brand: cssVar('brand'),
    brandStrong: cssVar('brandStrong'),
    onBrand: cssVar('onBrand'),
    primary: cssVar('primary'),
    primaryHover: cssVar('primaryHover'),
    onPrimary: cssVar('onPrimary'),
    surface: cssVar('surface'),
    surfaceSolid: cssVar('surfaceSolid'),
    border: cssVar('border'),
    controlBorder: cssVar('controlBorder'),
    tint: cssVar('tint'),
    error: cssVar('error'),
    focus: cssVar('focus'),
    backdrop: cssVar('backdrop'),
    artOverlay: cssVar('artOverlay'),
    shadow: cssVar('shadow'),
  },
};
