import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test is a fresh page load: a fresh module (it remembers a reload under way); sessionStorage stays. */
async function load() {
  vi.resetModules();
  return import('./chunk-reload');
}

describe('reloading to the new build after a deploy', () => {
  const reload = vi.fn();
  const realLocation = window.location;
  beforeEach(() => {
    sessionStorage.clear();
    reload.mockClear();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } });
  });
  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  });

  it("recognises the browsers' and Vite's failed chunk loads, and nothing else", async () => {
    const { isChunkLoadError } = await load();
    for (const message of [
      'Failed to fetch dynamically imported module: http://shop/assets/invoice-page-B1x2.js', // Chromium
      'error loading dynamically imported module: http://shop/assets/invoice-page-B1x2.js', // Firefox
      'Importing a module script failed.', // Safari
      'Unable to preload CSS for /assets/invoice-page-B1x2.css', // Vite's preload helper
    ])
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      false,
    );
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('does not reload offline: the chunk failed for want of a network, not because a deploy removed it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { reloadToNewVersion } = await load();
      expect(reloadToNewVersion(Date.parse('2026-03-02T15:00:00Z'))).toBe(false);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      online.mockRestore();
    }
  });

  it('reloads once, then, if the failure comes back within a minute, leaves it to the error screen', async () => {
    const t0 = Date.parse('2026-03-02T15:00:00Z');
    const first = await load();
    expect(first.reloadToNewVersion(t0)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // A second failure on the same page while it unloads does not reload twice.
    expect(first.reloadPending()).toBe(true);
    expect(first.reloadToNewVersion(t0 + 10)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page: the new app says it was updated, once.
    const after = await load();
    expect(after.takeUpdateNotice(t0 + 2_000)).toBe(true);
    expect(after.takeUpdateNotice(t0 + 3_000)).toBe(false);
    // Its chunk fails again: no second reload (no loop); the error screen shows.
    expect(after.mayReloadToNewVersion(t0 + 5_000)).toBe(false);
    expect(after.reloadToNewVersion(t0 + 5_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    // The next deploy, later on: reloads again, and tells again.
    const later = await load();
    expect(later.reloadToNewVersion(t0 + 3_600_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect((await load()).takeUpdateNotice(t0 + 3_601_000)).toBe(true);
  });

  it('says nothing on an ordinary page load', async () => {
    const { takeUpdateNotice } = await load();
    expect(takeUpdateNotice()).toBe(false);
  });

  it("reloads on Vite's preload error and keeps it from the screens; lets it through when the guard refuses", async () => {
    const failed = () => {
      const event = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const page = (await load()).installChunkReload();
    expect(failed()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    page();
    // The reloaded page fails the same way at once: the error goes on to the error boundary.
    const reloaded = (await load()).installChunkReload();
    expect(failed()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    reloaded();
  });
});
