import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.js';

/**
 * Input no route may ever see (security issue #12, hole 8), refused once for every route:
 * - a NUL character (U+0000) in any text of the JSON body, the query string or the path parameters:
 *   PostgreSQL cannot store it in text, so it would fail deep inside a statement as a 500;
 * - in multipart forms, a NUL in a field name, field value or file name: the part is refused as it
 *   arrives, before the route reads (let alone writes) the file.
 * Each is a 400 problem+json naming the field (`name`, `items.0.note`, `SearchTerm`, `id`, `file`).
 * Broken multipart bodies (no boundary, cut short) are mapped to 400 in errors.ts.
 * A multipart body sent to a route that does not declare `config.upload` is a 415: only declared upload
 * routes take files, so the upload probes (input-guards.test.ts) enumerate them from the route table.
 */
export const NUL_MESSAGE = 'must not contain a NUL character';

const hasNul = (s: string) => s.includes('\u0000');
/** A field path fit to print: a NUL in a key shows as \0. */
const printable = (s: string) => s.replaceAll('\u0000', '\\0');

/**
 * The path of the first string (value or key) containing NUL, or undefined. Iterative, so a deeply
 * nested body cannot overflow the stack.
 */
export function findNul(value: unknown, root = ''): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, at] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (hasNul(v)) return at;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const childPath = at ? `${at}.${k}` : k;
        if (hasNul(k)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

function refuseNul(value: unknown, fallback: string) {
  const at = findNul(value);
  if (at !== undefined)
    throw badRequest(printable(at) || fallback, `${printable(at) || fallback} ${NUL_MESSAGE}`);
}

/** Checks one multipart part as soon as its headers (and, for a field, its value) have arrived. */
function checkPart(part: Multipart) {
  if (hasNul(part.fieldname)) throw badRequest(printable(part.fieldname), `The field name ${NUL_MESSAGE}`);
  if (part.type === 'file') {
    if (part.filename && hasNul(part.filename))
      throw badRequest(part.fieldname, `The file name ${NUL_MESSAGE}`);
    return;
  }
  if (findNul(part.value) !== undefined) throw badRequest(part.fieldname, `${part.fieldname} ${NUL_MESSAGE}`);
}

export function registerInputGuards(app: FastifyInstance) {
  // preValidation: after the body is parsed, before the route's schema and handler see anything.
  app.addHook('preValidation', async (req: FastifyRequest) => {
    refuseNul(req.params, 'params');
    refuseNul(req.query, 'query');
    if (req.body !== undefined) refuseNul(req.body, 'body');
    if (req.isMultipart?.()) {
      if (!req.routeOptions.config?.upload) {
        const message = 'This route does not take multipart/form-data; send JSON';
        throw new HttpError(415, 'Unsupported Media Type', message, { body: [message] });
      }
      const parts = req.parts.bind(req);
      req.parts = async function* guardedParts(...args: Parameters<typeof parts>) {
        for await (const part of parts(...args)) {
          checkPart(part);
          yield part;
        }
      } as typeof req.parts;
    }
  });
}
