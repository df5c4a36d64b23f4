import sheet from 'virtual:antd-phone-later-sheet?url';
import { rereadAntdStyleMap, wholeSheetLoaded } from './ui/antd-style-map';

/**
 * The phone shell's later antd sheet (vite.config.ts: the status dialog's and the toasts' components, 320 KB): its
 * file is fetched once the day is drawn, so the service worker keeps it for a start offline, and applied only when
 * first needed, the status dialog opening or a toast showing (decision 0041). Applied right after the paint, its
 * parsing and the page's restyling were one of the long tasks Lighthouse counted on a phone (issue #34).
 */

let fetched: Promise<void> | null = null;
/** Fetches the sheet without applying it (the browser's cache and the worker keep it); rejects offline. */
export function fetchPhoneLaterStyles(): Promise<void> {
  fetched ??= fetch(sheet, { priority: 'low' }).then(
    (response) => {
      if (!response.ok) throw new Error(`${sheet}: ${response.status}`);
      return response.blob().then(() => undefined);
    },
    (error: unknown) => {
      fetched = null;
      throw error;
    },
  );
  return fetched;
}

let applied: Promise<void> | null = null;
/**
 * Applies the sheet once, and has antd read its map of built styles again; resolves when done, also when the sheet
 * could not be loaded (offline before it was fetched: antd then computes those styles itself, and the next call tries
 * again). Nothing once the office app's whole sheet is here (after the menu's hand-over): it holds these styles, and
 * its map must stay the last one.
 */
export function applyPhoneLaterStyles(): Promise<void> {
  if (wholeSheetLoaded()) return Promise.resolve();
  applied ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = sheet;
    link.onload = () => {
      rereadAntdStyleMap();
      resolve();
    };
    link.onerror = () => {
      link.remove();
      applied = null;
      resolve();
    };
    document.head.append(link);
  });
  return applied;
}
