import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh module per test: the holds are per page load. */
async function load() {
  vi.resetModules();
  return import('./shell-parts');
}

describe("the shell's secondary parts wait for a screen that holds them", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are free at once when no screen holds them', async () => {
    const { shellPartsFree, whenShellPartsFree } = await load();
    const run = vi.fn();
    expect(shellPartsFree()).toBe(true);
    whenShellPartsFree(run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('wait until every hold is released, each release counting once', async () => {
    const { holdShellParts, shellPartsFree, whenShellPartsFree } = await load();
    const first = holdShellParts();
    const second = holdShellParts();
    const run = vi.fn();
    const cancelled = vi.fn();
    whenShellPartsFree(run);
    whenShellPartsFree(cancelled)();
    first();
    first();
    expect(shellPartsFree()).toBe(false);
    expect(run).not.toHaveBeenCalled();
    second();
    expect(shellPartsFree()).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('are let go after 6 s when the screen never says it has drawn', async () => {
    vi.useFakeTimers();
    const { holdShellParts, whenShellPartsFree } = await load();
    holdShellParts();
    const run = vi.fn();
    whenShellPartsFree(run);
    vi.advanceTimersByTime(5999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
