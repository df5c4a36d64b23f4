// POST /api/client-errors: what the web app reports when a script error escapes (window error, an unhandled
// promise rejection, a React error boundary or a route's error screen). Long texts are cut by the client to
// these limits; the server logs the report with its request id (modules/client-errors).
import { z } from 'zod';

export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'boundary', 'route'] as const;
export const CLIENT_ERROR_LIMITS = {
  message: 1000,
  stack: 4000,
  path: 300,
  source: 300,
  release: 64,
} as const;

export const clientErrorReport = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  /** The error's stack (minified script positions), or React's component stack for a boundary. */
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  /** location.pathname only: no query string, so no search term or phone number travels in it. */
  path: z.string().max(CLIENT_ERROR_LIMITS.path).optional(),
  /** The script and position of a window error (`/assets/index-….js:1:2345`). */
  source: z.string().max(CLIENT_ERROR_LIMITS.source).optional(),
  /** The web build that reported it (the entry script's name), to tell versions apart during a deploy. */
  release: z.string().max(CLIENT_ERROR_LIMITS.release).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;
