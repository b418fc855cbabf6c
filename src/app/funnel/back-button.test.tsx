// @vitest-environment jsdom
import { describe, it, expect, vi, afterEach } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { theme } from '../../ui/theme';
import { BackButton } from './back-button';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function inApp(ui: ReactElement, initialPath = '/profile-lets-learn') {
  return (
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[initialPath]}>
        <Routes>
          <Route
            path="/profile-lets-learn"
            element={
              <main>
                {ui}
                <p>Lets learn screen</p>
              </main>
            }
          />
          <Route path="/understanding-astrology" element={<h1>Understanding astrology page</h1>} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>
  );
}

function renderInApp(ui: ReactElement) {
  const view = render(inApp(ui));
  return { ...view, rerender: (next: ReactElement) => view.rerender(inApp(next)) };
}

const backButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Back' });

describe('BackButton', () => {
  it('shows no button when the screen has no back target: the one in the page is hidden and disabled', () => {
    renderInApp(<BackButton back={undefined} sessionReady onBack={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
    // Kept in the page so that its CSS rules are made with the first screen, not inserted by a tap; out of reach all
    // the same.
    const kept = screen.getByRole<HTMLButtonElement>('button', { hidden: true });
    expect(kept.hidden).toBe(true);
    expect(kept.disabled).toBe(true);
  });

  it('is enabled at once when there is no delay and the session is ready', () => {
    renderInApp(<BackButton back={{ to: 'previous' }} sessionReady onBack={vi.fn()} />);
    expect(backButton().disabled).toBe(false);
  });

  it('stays disabled until the delay has fully passed', () => {
    vi.useFakeTimers();
    renderInApp(<BackButton back={{ to: 'previous', delayMs: 2000 }} sessionReady onBack={vi.fn()} />);
    expect(backButton().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1999));
    expect(backButton().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(backButton().disabled).toBe(false);
  });

  it('stays disabled while the session is not ready, even after the delay', () => {
    vi.useFakeTimers();
    const view = renderInApp(<BackButton back={{ to: 'previous', delayMs: 500 }} sessionReady={false} onBack={vi.fn()} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(backButton().disabled).toBe(true);
    view.rerender(<BackButton back={{ to: 'previous', delayMs: 500 }} sessionReady onBack={vi.fn()} />);
    expect(backButton().disabled).toBe(false);
  });

  it('does nothing when clicked while disabled', async () => {
    const onBack = vi.fn();
    renderInApp(<BackButton back={{ to: 'previous' }} sessionReady={false} onBack={onBack} />);
    await userEvent.setup().click(backButton());
    expect(onBack).not.toHaveBeenCalled();
  });

  it('calls onBack when clicked', async () => {
    const onBack = vi.fn();
    renderInApp(<BackButton back={{ to: 'previous' }} sessionReady onBack={onBack} />);
    await userEvent.setup().click(backButton());
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
