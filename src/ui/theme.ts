/** Brand colours and breakpoints (spec §9). */
export const brand = {
  purple: '#9d75eb',
  text: '#3c2f6b',
} as const;

export const breakpoints = { xs: 0, sm: 600, md: 900, lg: 1280, xl: 1440 } as const;

/** Media query for a width at or above a breakpoint. */
export const up = (name: keyof typeof breakpoints) => `@media (min-width: ${breakpoints[name]}px)`;

/** Dialogs and the date picker never grow wider than this (spec §9). */
export const dialogMaxWidth = 310;

export type ThemeMode = 'light' | 'dark' | 'system';
export type ColorScheme = 'light' | 'dark';

export interface Theme {
  scheme: ColorScheme;
  colors: {
    brand: string;
    brandStrong: string;
    onBrand: string;
    text: string;
    muted: string;
    surface: string;
    surfaceSolid: string;
    border: string;
    error: string;
    focus: string;
    backdrop: string;
  };
}

export const lightTheme: Theme = {
  scheme: 'light',
  colors: {
    brand: brand.purple,
    // Darker shade for text on light backgrounds: #9d75eb on white is below 4.5:1.
    brandStrong: '#6c45c9',
    onBrand: '#ffffff',
    text: brand.text,
    muted: '#5d5284',
    surface: 'rgba(255, 255, 255, 0.82)',
    surfaceSolid: '#ffffff',
    border: 'rgba(60, 47, 107, 0.18)',
    error: '#b3261e',
    focus: '#3c2f6b',
    backdrop: 'rgba(28, 20, 56, 0.45)',
  },
};

export const darkTheme: Theme = {
  scheme: 'dark',
  colors: {
    brand: brand.purple,
    brandStrong: '#c2a8ff',
    onBrand: '#1b1235',
    text: '#f1ecff',
    muted: '#c9bfe8',
    surface: 'rgba(27, 20, 54, 0.82)',
    surfaceSolid: '#1b1436',
    border: 'rgba(241, 236, 255, 0.2)',
    error: '#ffb4ab',
    focus: '#f1ecff',
    backdrop: 'rgba(0, 0, 0, 0.6)',
  },
};
