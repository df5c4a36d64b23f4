import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterContentPaint } from './after-paint';

type Listener = (list: { getEntries: () => Array<{ startTime: number }> }) => void;

/** A browser that reports largest-contentful-paint entries: the test hands them to the page. */
function fakeObserver() {
  const listeners: Listener[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    constructor(listener: Listener) {
      listeners.push(listener);
    }
    observe() {}
    disconnect() {
      listeners.length = 0;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (startTime: number) => {
    for (const listener of [...listeners]) listener({ getEntries: () => [{ startTime }] });
  };
}

describe('afterContentPaint: the late parts wait for the day to paint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs after the next largest paint, not an earlier one', () => {
    vi.useFakeTimers();
    const paint = fakeObserver();
    const run = vi.fn();
    afterContentPaint(run);
    paint(performance.now() - 1000);
    vi.advanceTimersByTime(10);
    expect(run).not.toHaveBeenCalled();
    paint(performance.now());
    vi.advanceTimersByTime(10);
    expect(run).toHaveBeenCalledTimes(1);
    paint(performance.now());
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after a second at the latest when no largest paint comes', () => {
    vi.useFakeTimers();
    fakeObserver();
    const run = vi.fn();
    afterContentPaint(run);
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after two frames where the browser reports no such entries, and not once cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    const run = vi.fn();
    afterContentPaint(run);
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    afterContentPaint(cancelled)();
    vi.advanceTimersByTime(2000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
