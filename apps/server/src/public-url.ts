import type { Config } from './config.js';

/**
 * PUBLIC_BASE_URL: where customers' phones and mail clients reach this server (e.g.
 * https://shop.example.com, or https://example.com/glass behind a path prefix). Every link that
 * leaves the app (texts, e-mails, PDFs) is built from it by publicUrl, so none is a bare path.
 * Checked at start-up: an absolute http(s) URL without credentials, query or fragment; trailing
 * slashes are dropped. Required in production; elsewhere it defaults to http://localhost:<PORT>.
 */
export function parsePublicBaseUrl(
  value: string | undefined,
  env: { nodeEnv: string; port: number },
): string {
  const raw = value?.trim() ?? '';
  if (raw === '') {
    if (env.nodeEnv === 'production') {
      throw new Error(
        'PUBLIC_BASE_URL must be set in production: the address customers open links at, e.g. https://shop.example.com',
      );
    }
    return `http://localhost:${env.port}`;
  }
  const fail = (why: string) =>
    new Error(
      `PUBLIC_BASE_URL='${raw}' ${why}; expected an absolute http(s) URL such as https://shop.example.com`,
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail('is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw fail(`uses ${url.protocol.replace(':', '')}`);
  if (!/^https?:\/\/[^/]/i.test(raw)) throw fail('has no host');
  if (url.username || url.password) throw fail('must not contain a user name or password');
  if (raw.includes('?') || raw.includes('#')) throw fail('must not have a query or fragment');
  if (/%2f|%5c|\\/i.test(url.pathname) || url.pathname.split('/').some((s) => s === '.' || s === '..')) {
    throw fail('has an unusual path');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The absolute public address of an app path: publicUrl(config, '/sign-approval/' + id). */
export function publicUrl(config: Pick<Config, 'publicBaseUrl'>, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//'))
    throw new Error(`publicUrl: '${path}' is not an app path`);
  return `${config.publicBaseUrl}${path}`;
}
