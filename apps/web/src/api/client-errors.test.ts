import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test loads a fresh copy of the module (it counts reports per page load). */
async function load() {
  vi.resetModules();
  return import('./client-errors');
}

describe('browser error reports', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/invoices/42?search=5551234567');
  });
  afterEach(() => vi.unstubAllGlobals());

  const sentBodies = () =>
    fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));

  it('posts a caught error with its kind, message, stack and the path without its query', async () => {
    const { reportClientError } = await load();
    reportClientError('boundary', new TypeError('x is undefined'), { stack: 'at Screen' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/client-errors');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(sentBodies()[0]).toMatchObject({
      kind: 'boundary',
      message: 'TypeError: x is undefined',
      stack: 'at Screen',
      path: '/invoices/42',
    });
  });

  it('reports window errors of its own scripts and unhandled rejections, not other origins or repeats', async () => {
    const { installErrorReporting } = await load();
    installErrorReporting();
    const own = `${window.location.origin}/assets/index-abc.js`;
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'boom',
        error: new Error('boom'),
        filename: own,
        lineno: 1,
        colno: 9,
      }),
    );
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'boom', error: new Error('boom'), filename: own }),
    );
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'Script error.', filename: 'chrome-extension://abc/content.js' }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason: 'network down' });
    window.dispatchEvent(rejection);
    expect(sentBodies()).toEqual([
      expect.objectContaining({ kind: 'error', message: 'Error: boom', source: '/assets/index-abc.js:1:9' }),
      expect.objectContaining({ kind: 'unhandledrejection', message: 'network down' }),
    ]);
  });

  it('sends at most ten reports per page load, cuts long texts, and never throws when sending fails', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new Error('offline')));
    const { reportClientError } = await load();
    for (let i = 0; i < 15; i++) reportClientError('error', new Error(`${i} ${'x'.repeat(2000)}`));
    expect(fetchMock).toHaveBeenCalledTimes(10);
    expect(sentBodies()[0].message).toHaveLength(1000);
  });
});
