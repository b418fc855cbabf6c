// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { TextWithEmailLinks } from './text-with-email-links';

afterEach(cleanup);

describe('TextWithEmailLinks', () => {
  it('makes the support address a mailto: link and keeps the sentence around it, full stop included', () => {
    const { container } = render(
      <p>
        <TextWithEmailLinks text="Write to support@astrelle.app. We answer within 2 business days." />
      </p>,
    );
    const link = screen.getByRole('link', { name: 'support@astrelle.app' });
    expect(link.getAttribute('href')).toBe('mailto:support@astrelle.app');
    expect(container.textContent).toBe('Write to support@astrelle.app. We answer within 2 business days.');
  });

  it('links every address in the text, and leaves text without one as it is', () => {
    render(
      <p>
        <TextWithEmailLinks text="a@example.com or b.c@mail.example.org" />
      </p>,
    );
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['mailto:a@example.com', 'mailto:b.c@mail.example.org']);
    cleanup();
    const { container } = render(<TextWithEmailLinks text="No address here." />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('No address here.');
  });

  it('renders markup in the text as text, never as HTML', () => {
    const { container } = render(<TextWithEmailLinks text={'<img src=x onerror=alert(1)> x@example.com'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> x@example.com');
  });
});
