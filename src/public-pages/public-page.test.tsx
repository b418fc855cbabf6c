// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../ui/theme';
import { PublicPage } from './public-page';
import { NotFoundPage } from './not-found-page';
import { termsOfUse } from './content/terms-of-use';
import { privacyPolicy } from './content/privacy-policy';
import { cookiePolicy } from './content/cookie-policy';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function show(ui: ReactElement) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ThemeProvider>,
  );
}

describe('the public pages', () => {
  for (const content of [termsOfUse, privacyPolicy, cookiePolicy]) {
    it(`${content.title}: the support email is a mailto: link wherever it is shown`, () => {
      vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
      const { container } = show(<PublicPage content={content} />);
      const links = screen.getAllByRole('link', { name: 'support@astrelle.app' });
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.getAttribute('href')).toBe('mailto:support@astrelle.app');
      // No address left as plain text: every "@" on the page is inside a link.
      const textOutsideLinks = [...container.querySelectorAll('p, li')].map((el) => {
        const copy = el.cloneNode(true);
        if (!(copy instanceof HTMLElement)) return '';
        copy.querySelectorAll('a').forEach((a) => a.remove());
        return copy.textContent ?? '';
      });
      expect(textOutsideLinks.filter((t) => t.includes('@'))).toEqual([]);
    });
  }
});

describe('the 404 page', () => {
  it('has its heading and one way on, to the start', () => {
    show(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start' }).getAttribute('href')).toBe('/');
  });
});
