import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { routeAccess } from './auth.js';
import { CUSTOMER_PAGES, isCustomerPath, normalisedSegments } from './paths.js';

/**
 * Production defaults every response gets (issue #16 part 2): security headers with a
 * Content-Security-Policy the app and its public pages run under, HSTS once the request came over TLS,
 * and compression of the API responses that are worth it. Log redaction is in loggerOptions below.
 */
export async function registerSafeDefaults(app: FastifyInstance, config: Config) {
  const headers = await securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config.mapTileUrl) },
    // Sent by the hook below, only over TLS (or when HSTS=on): on plain http it would be ignored at best.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
    // Images and files are fetched by the app itself; nothing of ours is embedded by other sites.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The phone bridge talks to the window that opened it (window.opener): keep openers of popups.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // Set on the raw response, as @fastify/helmet does: a route may still replace one (reply.header wins).
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (wantsHsts(config.hsts, req)) reply.header('strict-transport-security', 'max-age=31536000');
    done();
  });
  // JSON lists compress about tenfold; small answers are not worth the CPU (threshold), and files the
  // web build precompressed already carry their content-encoding and pass untouched. Brotli at quality 4
  // (the plugin's default) costs about what gzip does and sends less.
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION.threshold,
    brotliOptions: COMPRESSION.brotli,
    encodings: ['br', 'gzip', 'deflate'],
  });
}

/** How answers are compressed: by the plugin above, and the kept answers that keep their bytes (decision 0030). */
export const COMPRESSION = {
  /** Below this many bytes an answer goes uncompressed. */
  threshold: 1024,
  brotli: {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    },
  },
};

/**
 * The headers @fastify/helmet sets with these options, worked out once. The plugin builds helmet's
 * middleware anew for every request (parsing the policy's directives each time): about 50 µs of the
 * invoice detail's CPU on this machine (issue #17). The headers depend on the options alone, so they are
 * taken from one request to a throw-away instance with the plugin and then set as they are.
 */
export async function securityHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', { config: { public: true } }, async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const ours = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.entries(res.headers)
    .filter(([name]) => !ours.has(name))
    .map(([name, value]) => [name, String(value)]);
}

/**
 * The policy: scripts only from our own origin (the Vite build has no inline script); antd's CSS-in-JS
 * writes <style> elements and style attributes, hence 'unsafe-inline' for styles only; map tiles from
 * MAP_TILE_URL's host; socket.io and the API on our own origin; blob: for the PDFs, images and CSV
 * exports the app builds from authenticated downloads; data: for inline icons and signatures.
 */
export function cspDirectives(mapTileUrl: string): Record<string, string[]> {
  const tiles = tileSource(mapTileUrl);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org` (a CSP source). */
export function tileSource(url: string): string | undefined {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(url);
  if (!m) return undefined;
  const host = m[2].replace(/\{[a-z]+\}/gi, '*');
  // A placeholder anywhere but the first label cannot be expressed: allow the scheme's whole host then.
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host)) return `${m[1].toLowerCase()}:`;
  return `${m[1].toLowerCase()}://${host.toLowerCase()}`;
}

/**
 * HSTS=auto: only when this request reached us over https, directly or as X-Forwarded-Proto from a
 * proxy TRUST_PROXY believes (Fastify's request.protocol); a client cannot turn it on over plain http
 * by sending the header itself, because an untrusted peer's X-Forwarded-Proto is ignored.
 */
export function wantsHsts(mode: Config['hsts'], req: FastifyRequest): boolean {
  if (mode === 'on') return true;
  if (mode === 'off') return false;
  return req.protocol === 'https';
}

/**
 * Query parameters whose values may carry personal data or secrets: logged as [redacted]. `t` is an
 * initiate link's token, `sig` a signed download's signature.
 */
const PII_PARAM =
  /phone|name|search|term|mail|address|filter|token|pin|password|secret|vin|plate|^q$|^t$|^sig$/i;

/**
 * The URL as logged: the path, and the query with the values of personal or secret parameters blanked
 * (with `all`, the value of every parameter).
 */
export function redactUrl(url: string, all = false): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {}
      return eq >= 0 && (all || PII_PARAM.test(name)) ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

const SECRET = '[redacted]';

/**
 * The URL of a request as the log shows it (issue #31 item 6). A public route's path parameters are
 * blanked (an approval's guid, an opt-in hash: the link itself is the secret), as is the segment after a
 * customer page's name (`/sign-approval/<guid>`, decided on the normalised path, so any spelling); on
 * those and on every public route, every query value is blanked (`t`, `sig`, `u`, `exp` and whatever a
 * client adds); elsewhere personal and secret parameters are (redactUrl).
 */
export function loggedUrl(
  req: Pick<FastifyRequest, 'url'> & { routeOptions?: Partial<FastifyRequest['routeOptions']> },
): string {
  const url = req.url;
  const q = url.indexOf('?');
  const query = q < 0 ? '' : url.slice(q);
  const route = req.routeOptions?.url;
  const isPublic =
    routeAccess(req.routeOptions?.config as Parameters<typeof routeAccess>[0])?.kind === 'public';
  if (route && isPublic && /[:*]/.test(route) && !isWebWildcard(route)) {
    // The route's own pattern with every parameter blanked: `/api/public/approvals/[redacted]/answer`.
    return redactUrl(route.replace(/:[A-Za-z_]\w*|\*/g, SECRET) + query, true);
  }
  const segments = normalisedSegments(url);
  if ((CUSTOMER_PAGES as readonly (string | undefined)[]).includes(segments[0])) {
    const blanked = segments.map((s, i) => (i === 1 ? SECRET : s));
    return redactUrl(`/${blanked.join('/')}${query}`, true);
  }
  return redactUrl(url, isPublic || isCustomerPath(url));
}

/** The web app's files (the static wildcard and its index): public, but their paths hold no secret. */
const isWebWildcard = (route: string) => route === '/*' || route === '/';

/**
 * pino options for the request log: URLs through redactUrl, no headers in the request line, and
 * authorization, cookies, tokens, passwords and PINs censored wherever a log call passes them.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        'token',
        'password',
        'pin',
        '*.token',
        '*.password',
        '*.pin',
        '*.currentPassword',
        '*.newPassword',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: FastifyRequest) {
        return {
          method: req.method,
          url: loggedUrl(req),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        };
      },
    },
  };
}
