// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen as dom } from '@testing-library/react';
import { InterstitialScreen } from './interstitial-screen';
import { astrologyFlow, astrologyFlowData, renderWithProviders, screenOf, validFlow } from '../test-utils';

afterEach(cleanup);

const flow = astrologyFlow();

describe('an interstitial whose heading is an A/B test (/get-access, accessHeadline)', () => {
  const screen = screenOf(flow, 'get-access', 'interstitial');
  const show = (flags: Record<string, string | boolean> | undefined, shown = screen) =>
    renderWithProviders(<InterstitialScreen screen={shown} answers={{}} answer={undefined} send={vi.fn()} email={null} profile={flow.profile} flags={flags} />);

  it('shows the heading of the visitor\'s variant', () => {
    show({ accessHeadline: 'a' });
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe('Unlock your full astrology reading');
    cleanup();
    show({ accessHeadline: 'b' });
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe('See everything your stars say about you');
  });

  it('keeps its other texts as they are', () => {
    show({ accessHeadline: 'b' });
    expect(dom.getByText(/A personal daily horoscope/)).toBeTruthy();
  });

  it('renders a variant literally, never as HTML', () => {
    const data = astrologyFlowData();
    const target = data.screens.find((s) => s.id === 'get-access');
    if (!target) throw new Error('get-access missing');
    const payload = '<img src=x onerror=alert(1)>';
    target.title = { flag: 'accessHeadline', variants: { a: 'Plain', b: payload } };
    const hostile = screenOf(validFlow(data), 'get-access', 'interstitial');
    const { container } = show({ accessHeadline: 'b' }, hostile);
    expect(container.querySelector('img')).toBeNull();
    expect(dom.getByRole('heading', { level: 1 }).textContent).toBe(payload);
  });
});
