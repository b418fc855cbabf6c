import { createGlobalStyle } from 'styled-components';
import { paletteDeclarations } from './theme';

/**
 * The colour roles as CSS variables on :root. The device's scheme applies from the first paint (the prerendered
 * landing included); a choice made in the menu is data-theme on <html> (src/app/shell/theme-mode.tsx), which
 * wins over the device either way.
 */
export const GlobalStyle = createGlobalStyle`
  :root {
    color-scheme: light;
    ${paletteDeclarations('light')}
  }
  @media (prefers-color-scheme: dark) {
    :root:not([data-theme='light']) {
      color-scheme: dark;
      ${paletteDeclarations('dark')}
    }
  }
  :root[data-theme='dark'] {
    color-scheme: dark;
    ${paletteDeclarations('dark')}
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    font-size: 16px;
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.page};
  }
  /* Balanced lines: no heading ends on a lone word on a phone. */
  h1, h2, h3 { line-height: 1.25; margin: 0; text-wrap: balance; }
  /* A placeholder reads as a hint in both schemes (the browsers' own grey is faint on the dark fields). */
  ::placeholder { color: ${({ theme }) => theme.colors.muted}; opacity: 0.85; }
  button, input, select { font: inherit; color: inherit; }
  a { color: ${({ theme }) => theme.colors.brandStrong}; }
  /*
   * Check boxes and radios drawn in the brand's style, the same in every browser and readable in both schemes (the
   * browsers' own are blue, or grey on grey in dark). :where() keeps these defaults at no specificity: a component
   * (the menu's switches) restyles them with a plain class.
   */
  :where(input[type='checkbox'], input[type='radio']) {
    appearance: none;
    flex: none;
    display: inline-grid;
    place-content: center;
    width: 22px;
    height: 22px;
    margin: 0;
    vertical-align: middle;
    border: 2px solid ${({ theme }) => theme.colors.controlBorder};
    background: ${({ theme }) => theme.colors.surfaceSolid};
    cursor: pointer;
  }
  :where(input[type='checkbox']) { border-radius: 6px; }
  :where(input[type='radio']) { border-radius: 50%; }
  :where(input[type='checkbox'], input[type='radio'])::before { content: ''; transition: transform 120ms ease; }
  :where(input[type='checkbox'])::before {
    width: 6px;
    height: 11px;
    margin-top: -2px;
    border: solid ${({ theme }) => theme.colors.onBrand};
    border-width: 0 2.5px 2.5px 0;
    transform: rotate(45deg) scale(0);
  }
  :where(input[type='checkbox']):checked {
    background: ${({ theme }) => theme.colors.brandStrong};
    border-color: ${({ theme }) => theme.colors.brandStrong};
  }
  :where(input[type='checkbox']):checked::before { transform: rotate(45deg) scale(1); }
  :where(input[type='radio'])::before {
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.brandStrong};
    transform: scale(0);
  }
  :where(input[type='radio']):checked { border-color: ${({ theme }) => theme.colors.brandStrong}; }
  :where(input[type='radio']):checked::before { transform: scale(1); }
  :where(input[type='checkbox'], input[type='radio']):disabled { cursor: not-allowed; opacity: 0.55; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  /*
   * hidden hides, whatever display a component's rules give the element: elements kept in the page until they are
   * needed (a top bar, a back button, a badge) are hidden so, and their classes exist before the tap that shows them.
   */
  [hidden] { display: none !important; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
  /*
   * No motion at all. Not a near-zero duration: transition-property's initial value is all, so that gave every
   * property of every element a transition, and a screen being hidden, or colours on a scheme switch, were caught
   * half-way for a frame or more (a screen left still visible under the next; light text on a dark card). And an
   * infinite pulse at 0.01 ms a cycle would flicker.
   */
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation: none !important; transition: none !important; }
  }
`;
