import type { FastifyInstance } from 'fastify';
import { isCustomerPath } from '../../http/paths.js';

/**
 * The public pages' policy, stricter than the staff app's (http/safe-defaults.ts): nothing but our own
 * scripts, styles and API; images only from us or inline (the brand's logo comes as a data: URL, the
 * signature is drawn on a canvas); no frames (nobody can overlay an approval), no plugins, no base or
 * form targets elsewhere.
 */
export const PUBLIC_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // antd writes its CSS-in-JS as <style> elements and style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/**
 * Whether a request is for a public customer page or its API, decided on the decoded, normalised path
 * (http/paths.ts): `/%73ign-approval/<guid>` and `/SIGN-APPROVAL/<guid>` are the approval page too.
 */
export function isPublicCustomerPath(url: string): boolean {
  return isCustomerPath(url);
}

/**
 * Headers of the public pages and their API, whatever answers them (the web app's index.html through the
 * SPA fallback, a JSON answer, a 404 or 429): never stored by a browser or proxy (the link is the only
 * secret and the page shows the customer's work), the strict policy above, no framing, no Referer carrying
 * the link anywhere, and no indexing by search engines.
 */
export function registerPublicHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!isPublicCustomerPath(req.url)) return payload;
    reply.header('cache-control', 'no-store');
    reply.header('content-security-policy', PUBLIC_CSP);
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-robots-tag', 'noindex, nofollow');
    return payload;
  });
}
