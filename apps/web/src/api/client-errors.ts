import type { ClientErrorReport } from '@glass/domain/contracts';
import { API_BASE } from './http';

/**
 * Reports script errors to the server (POST /api/client-errors, logged with its request id; README
 * "Monitoring"): window errors, unhandled promise rejections, and what the error boundaries catch. At most
 * MAX_PER_PAGE reports per page load and one per distinct message; the server rate-limits too. Fire and
 * forget: a report that fails is dropped, and reporting never throws.
 */
const MAX_PER_PAGE = 10;
/** The contract's limits (packages/domain/src/contracts/client-errors.ts); the contract itself brings zod. */
const LIMITS = { message: 1000, stack: 4000, path: 300, source: 300, release: 64 } as const;

let sent = 0;
const seen = new Set<string>();

/** The web build this page runs (the hashed name of this chunk), to tell versions apart during a deploy. */
const release = (() => {
  try {
    return new URL(import.meta.url).pathname.split('/').pop()?.slice(0, LIMITS.release);
  } catch {
    return undefined;
  }
})();

const cut = (text: unknown, max: number) =>
  typeof text === 'string' && text ? text.slice(0, max) : undefined;

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

export function reportClientError(
  kind: ClientErrorReport['kind'],
  error: unknown,
  extra: { stack?: string; source?: string } = {},
): void {
  try {
    const { message, stack } = describe(error);
    const key = `${kind}:${message}`;
    if (sent >= MAX_PER_PAGE || seen.has(key)) return;
    seen.add(key);
    sent++;
    const report: ClientErrorReport = {
      kind,
      message: cut(message, LIMITS.message) ?? '(no message)',
      stack: cut(extra.stack ?? stack, LIMITS.stack),
      // The path only: a query string may hold a search term or a phone number.
      path: cut(window.location.pathname, LIMITS.path),
      source: cut(extra.source, LIMITS.source),
      release,
    };
    void fetch(`${API_BASE}/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      // Sent even when the error leads to a reload or the page is being left.
      keepalive: true,
    }).catch(() => {});
  } catch {
    // Reporting must never become an error of its own.
  }
}

/** Once, at start-up (main.tsx): window errors and unhandled rejections of this page's own scripts. */
export function installErrorReporting(): void {
  window.addEventListener('error', (event) => {
    // Errors of other origins' scripts (browser extensions) arrive as the bare 'Script error.': not ours.
    if (event.filename && !event.filename.startsWith(window.location.origin)) return;
    // A benign browser notice, not a failure.
    if (/ResizeObserver loop/.test(event.message)) return;
    reportClientError('error', event.error ?? event.message, {
      source: event.filename
        ? `${event.filename.replace(window.location.origin, '')}:${event.lineno}:${event.colno}`
        : undefined,
    });
  });
  window.addEventListener('unhandledrejection', (event) =>
    reportClientError('unhandledrejection', event.reason),
  );
}
