// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_WAIT_MS, windowBrowser } from './browser-port';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('work that waits for the next paint', () => {
  it('runs after the next frame, in order, all of one frame together', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const { afterPaint } = windowBrowser();
    const ran: string[] = [];
    afterPaint!(() => ran.push('save progress'));
    afterPaint!(() => ran.push('write the address'));
    expect(ran).toEqual([]);
    // The frame's callbacks run before the paint: still nothing then; the task queued from the frame runs after it.
    let inFrame: string[] | null = null;
    requestAnimationFrame(() => (inFrame = [...ran]));
    vi.runAllTimers();
    expect(inFrame).toEqual([]);
    expect(ran).toEqual(['save progress', 'write the address']);
  });

  it('runs at once when the page goes away or is hidden first, so nothing is lost', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const { afterPaint } = windowBrowser();
    const ran: string[] = [];
    afterPaint!(() => ran.push('before pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(ran).toEqual(['before pagehide']);
    afterPaint!(() => ran.push('before hidden'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(ran).toEqual(['before pagehide', 'before hidden']);
    // Each task runs once.
    vi.runAllTimers();
    expect(ran).toEqual(['before pagehide', 'before hidden']);
  });

  it('runs at once in a page not shown, where no frame comes (a tab opened in the background)', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      const { afterPaint } = windowBrowser();
      const ran: string[] = [];
      afterPaint!(() => ran.push('start the session request'));
      expect(ran).toEqual(['start the session request']);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });

  it('runs anyway after FRAME_WAIT_MS when no frame comes in a page that says it is visible (a paused web view)', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout', 'clearTimeout'] });
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const { afterPaint } = windowBrowser();
    const ran: string[] = [];
    afterPaint!(() => ran.push('start the checkout request'));
    vi.advanceTimersByTime(FRAME_WAIT_MS - 1);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['start the checkout request']);
  });

  it('runs every task when one throws, and still reports the error', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const { afterPaint } = windowBrowser();
    const ran: string[] = [];
    afterPaint!(() => {
      throw new Error('storage full');
    });
    afterPaint!(() => ran.push('start the session write'));
    expect(() => vi.runAllTimers()).toThrow('storage full');
    expect(ran).toEqual(['start the session write']);
  });
});
