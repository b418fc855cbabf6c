// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_START_MS, startOnFirstInputOrIdle } from './start-gate';
import { firstInputAttribute } from '../../shared/early-tap';

afterEach(() => vi.useRealTimers());

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
