// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_START_MS, startOnFirstInputOrIdle } from './start-gate';
import { firstInputAttribute } from '../../shared/early-tap';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('starting the third-party SDKs', () => {
  it('starts on the first input, once', () => {
    const start = vi.fn();
    startOnFirstInputOrIdle(start);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('without an input, starts 5 s after load and no earlier', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    startOnFirstInputOrIdle(start);
    vi.advanceTimersByTime(IDLE_START_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('counts the wait from the load event, not from when it is called', () => {
    vi.useFakeTimers();
    // The page loaded at 1,000 ms; the funnel's code calls this 2,500 ms later.
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ loadEventEnd: 1000 } as PerformanceNavigationTiming]);
    vi.spyOn(performance, 'now').mockReturnValue(3500);
    const start = vi.fn();
    startOnFirstInputOrIdle(start);
    vi.advanceTimersByTime(IDLE_START_MS - 2500 - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at the next moment when called later than the wait after load', () => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ loadEventEnd: 1000 } as PerformanceNavigationTiming]);
    vi.spyOn(performance, 'now').mockReturnValue(1000 + IDLE_START_MS + 4000);
    const start = vi.fn();
    startOnFirstInputOrIdle(start);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    const cancel = startOnFirstInputOrIdle(start);
    cancel();
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(IDLE_START_MS * 2);
    expect(start).not.toHaveBeenCalled();
  });
});

describe('an input made before this code ran', () => {
  afterEach(() => document.documentElement.removeAttribute(firstInputAttribute));

  it('starts at once when the inline script has marked the page with the first input', () => {
    document.documentElement.setAttribute(firstInputAttribute, '');
    const start = vi.fn();
    startOnFirstInputOrIdle(start);
    expect(start).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits when the page has had no input yet', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    startOnFirstInputOrIdle(start);
    vi.advanceTimersByTime(IDLE_START_MS - 1);
    expect(start).not.toHaveBeenCalled();
  });
});
