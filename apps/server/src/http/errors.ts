import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isTransientConflict } from '../db/unit-of-work.js';

/**
 * Errors are problem+json values users can read (RFC 9457):
 * `{type, title, status, detail?, errors?: {field: [message]}, requestId}`.
 * Nothing internal (SQL, stack traces) ever leaves the server; 5xx are logged with the request id.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (field: string, message: string) =>
  new HttpError(400, 'Bad Request', message, { [field]: [message] });
export const validationFailed = (errors: Record<string, string[]>) =>
  new HttpError(400, 'Bad Request', Object.values(errors)[0]?.[0] ?? 'Invalid request', errors);
export const unauthorized = (detail = 'Sign in to continue.') => new HttpError(401, 'Unauthorized', detail);
export const forbidden = (detail = 'Your role may not do this.') => new HttpError(403, 'Forbidden', detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, 'Not Found', detail);
export const conflict = (detail: string) => new HttpError(409, 'Conflict', detail);
export const tooMany = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, 'Too Many Requests', detail, undefined, { 'retry-after': String(retryAfterSeconds) });

export function zodErrors(err: ZodError, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || 'body';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function sendProblem(reply: FastifyReply, e: HttpError) {
  if (e.headers) reply.headers(e.headers);
  return reply
    .code(e.status)
    .type('application/problem+json')
    .send({
      type: 'about:blank',
      title: e.title,
      status: e.status,
      ...(e.detail ? { detail: e.detail } : {}),
      ...(e.errors ? { errors: e.errors } : {}),
      requestId: reply.request.id,
    });
}

function fromFastifyError(error: FastifyError): HttpError | undefined {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const v of error.validation) {
      const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const key = path || (error as any).validationContext || 'body';
      (errors[key] ??= []).push(v.message ?? 'Invalid value');
    }
    return validationFailed(errors);
  }
  if (error instanceof ZodError) return validationFailed(zodErrors(error));
  const multipart = fromMultipartError(error);
  if (multipart) return multipart;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, wrong content type, body too large, multipart limits).
    const field =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code?.startsWith('FST_REQ_FILE') ? 'file' : 'body';
    const title =
      status === 413 ? 'Payload Too Large' : status === 415 ? 'Unsupported Media Type' : 'Bad Request';
    const message = error.message.replace(/\s+/g, ' ').slice(0, 300);
    return new HttpError(status, title, message, status === 404 ? undefined : { [field]: [message] });
  }
  return undefined;
}

/**
 * The multipart parser's errors: busboy throws plain Errors (no status) for a body without a boundary or
 * cut short, and @fastify/multipart's limits are 413s. All are the client's doing: 400 or 413 on `file`.
 */
const MULTIPART_MALFORMED =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|Malformed part header|.* terminated early due to unexpected end of multipart data)$/;
const MULTIPART_LIMITS: Record<string, string> = {
  FST_FILES_LIMIT: 'Too many files in one request',
  FST_PARTS_LIMIT: 'Too many parts in one form',
  FST_FIELDS_LIMIT: 'Too many fields in one form',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large',
};

export function fromMultipartError(error: { code?: string; message?: string; statusCode?: number }) {
  if (error.code && MULTIPART_LIMITS[error.code]) {
    const message = MULTIPART_LIMITS[error.code] as string;
    return new HttpError(413, 'Payload Too Large', message, { file: [message] });
  }
  if (error.code === 'FST_MP_PREMATURE_CLOSE' || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return badRequest('body', 'The form data is incomplete or not multipart/form-data');
  if (!error.statusCode && typeof error.message === 'string' && MULTIPART_MALFORMED.test(error.message))
    return badRequest('body', 'The form data is malformed or cut short');
  return undefined;
}

/**
 * The SQLSTATE of a database error (pg, PGlite, or one Drizzle wrapped as its `cause`), or undefined.
 */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A safety net behind the request validation (http/value-limits.ts): a value PostgreSQL refused as data
 * (SQLSTATE class 22: 22003 numeric out of range, 22008 datetime overflow, 22007 bad date-time, 22P02
 * invalid text for its type, 22001 too long …) was the client's, so it is a 400, never a 500, and the
 * database's message (naming SQL types and values) is not passed on. It is logged, so the route whose
 * validation let it through can be fixed.
 */
export const DATA_EXCEPTION_MESSAGE = 'A value in the request is out of range or not valid for its field.';

/**
 * A transaction PostgreSQL rolled back as a deadlock (40P01) or serialization failure (40001) that still failed
 * when run again (db/unit-of-work.ts, decision 0033), or a single statement that did: another request's change
 * was in the way, not the request itself, so 503 with Retry-After (never 500), and the database's text is not
 * passed on. Warned, not logged as an error: frequent ones point at two code paths taking locks in opposite order.
 */
export const TRANSIENT_CONFLICT_MESSAGE =
  'Another change to the same records got in the way of this request, which was not completed. Please try again.';
export const TRANSIENT_CONFLICT_RETRY_AFTER_SECONDS = 1;
export const transientConflict = () =>
  new HttpError(503, 'Service Unavailable', TRANSIENT_CONFLICT_MESSAGE, undefined, {
    'retry-after': String(TRANSIENT_CONFLICT_RETRY_AFTER_SECONDS),
  });

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!(error instanceof HttpError) && isTransientConflict(error)) {
      request.log.warn(
        { err: error, sqlState: sqlState(error) },
        'transaction rolled back by a conflicting one',
      );
      return sendProblem(reply, transientConflict());
    }
    if (!(error instanceof HttpError) && sqlState(error)?.startsWith('22')) {
      request.log.warn({ err: error, sqlState: sqlState(error) }, 'database refused a value of the request');
      return sendProblem(
        reply,
        new HttpError(400, 'Bad Request', DATA_EXCEPTION_MESSAGE, { request: [DATA_EXCEPTION_MESSAGE] }),
      );
    }
    const known = error instanceof HttpError ? error : fromFastifyError(error);
    if (known) {
      // 501 answers a request for something not implemented (an OData option): the client's choice, no failure.
      if (known.status >= 500 && known.status !== 501) request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, known);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, new HttpError(500, 'Internal Server Error', 'An unexpected error occurred.'));
  });
}
