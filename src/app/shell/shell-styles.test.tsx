// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { MemoryRouter } from 'react-router-dom';
import { cssVarName, palettes, theme } from '../../ui/theme';
import { GlobalStyle } from '../../ui/global-style';
import { PrimaryButton, SecondaryButton, TextInput } from '../../ui/primitives';
import { OptionCard } from '../../screens/choice-styles';
import { BackButton } from '../funnel/back-button';
import { Header } from './header';
import { ThemeModeProvider, useThemeMode } from './theme-mode';

// jsdom has no modal dialogs.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};

/** A device whose colour scheme the test sets; listeners hear a change as a phone's at sunset. */
function fakeDevice(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' ? dark : false;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return {
    set(scheme: 'light' | 'dark') {
      dark = scheme === 'dark';
      act(() => listeners.forEach((l) => l()));
    },
  };
}

beforeEach(() => {
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The CSS styled-components put in the document, as text. */
function documentCss(): string {
  return [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
}

/** The selectors of rules holding :hover, each with the at-rules around it. */
function hoverRules(css: string): Array<{ selector: string; within: string[] }> {
  const found: Array<{ selector: string; within: string[] }> = [];
  const stack: string[] = [];
  let prelude = '';
  for (const char of css) {
    if (char === '{') {
      const head = prelude.trim();
      if (head.includes(':hover')) found.push({ selector: head, within: stack.filter((p) => p.startsWith('@')) });
      stack.push(head);
      prelude = '';
    } else if (char === '}') {
      stack.pop();
      prelude = '';
    } else if (char === ';' && stack.length > 0) {
      prelude = '';
    } else {
      prelude += char;
    }
  }
  return found;
}

function inShell(ui: ReactElement) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ThemeProvider>,
  );
}

describe('hover styles', () => {
  it('apply only where a pointer really hovers, so a tap on a phone leaves nothing looking chosen', async () => {
    inShell(
      <>
        <Header productName="Astrelle" />
        <PrimaryButton type="button">Continue</PrimaryButton>
        <SecondaryButton type="button">I don&apos;t know</SecondaryButton>
        <OptionCard type="button">Single</OptionCard>
        <BackButton back={{ to: 'previous' }} sessionReady onBack={() => {}} />
      </>,
    );
    // The open menu brings its own styles (links, close button).
    await userEvent.setup().click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();
    const rules = hoverRules(documentCss());
    expect(rules.length).toBeGreaterThanOrEqual(6);
    for (const rule of rules) expect(rule.within, rule.selector).toContain('@media (hover: hover)');
  });
});

describe('the theme', () => {
  function ModeSwitch() {
    const { setMode } = useThemeMode();
    return (
      <>
        <button type="button" onClick={() => setMode('dark')}>dark</button>
        <button type="button" onClick={() => setMode('light')}>light</button>
        <button type="button" onClick={() => setMode('system')}>system</button>
      </>
    );
  }

  it("follows the device, and the menu's choice wins over it, kept for the next visit", async () => {
    const device = fakeDevice('dark');
    render(
      <ThemeModeProvider>
        <ModeSwitch />
      </ThemeModeProvider>,
    );
    expect(document.documentElement.dataset.theme).toBe('dark');
    device.set('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem('astrelle:theme-mode')).toBe('dark');
    device.set('light');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'system' }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('paints the device scheme from the prerendered CSS, and the client renders the same class names on a dark device', () => {
    // The prerender (src/app/prerender.tsx) renders with no window: the server's snapshot, as a light device.
    const sheet = new ServerStyleSheet();
    const html = renderToString(
      sheet.collectStyles(
        <ThemeModeProvider>
          <GlobalStyle />
          <TextInput aria-label="Name" />
        </ThemeModeProvider>,
      ),
    );
    const styles = sheet.getStyleTags();
    sheet.seal();
    // Both schemes' colours are in the prerendered CSS: a dark device paints dark before any script has run ...
    expect(styles).toMatch(/@media \(prefers-color-scheme: ?dark\)/);
    expect(styles).toContain(`${cssVarName('text')}:${palettes.dark.text}`);
    expect(styles).toContain(`${cssVarName('text')}:${palettes.light.text}`);
    expect(styles).toContain(`var(${cssVarName('controlBorder')})`);
    const prerendered = /class="([^"]+)"/.exec(html)?.[1];
    // ... and the client on a dark device gives the field the class the prerender gave it. (Once, with the
    // colours in the class names, hydration kept the light card under the dark text.)
    fakeDevice('dark');
    render(
      <ThemeModeProvider>
        <TextInput aria-label="Name" />
      </ThemeModeProvider>,
    );
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('textbox', { name: 'Name' }).className).toBe(prerendered);
  });
});
