import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION } from './safe-defaults.js';

/** JSON text built by PostgreSQL, sent as is. */
export const sendJson = (reply: FastifyReply, json: string, code = 200) =>
  reply.code(code).type('application/json; charset=utf-8').send(json);

export type Encoding = 'br' | 'gzip';

/** An answer kept by the server with its compressed forms (the appointment answers: decision 0030). */
export interface KeptJson {
  text: string;
  encoded(encoding: Encoding): Promise<Buffer>;
}

/**
 * Sends a kept answer: its compressed bytes when the client accepts Brotli or gzip (the plugin then leaves the
 * answer alone: it carries its Content-Encoding), else its text (which the plugin handles as any answer).
 */
export async function sendKeptJson(req: FastifyRequest, reply: FastifyReply, answer: KeptJson | string) {
  if (typeof answer === 'string') return sendJson(reply, answer);
  const encoding = answer.text.length < COMPRESSION.threshold ? undefined : preferredEncoding(req);
  if (!encoding) return sendJson(reply, answer.text);
  const bytes = await answer.encoded(encoding);
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary))
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .header('content-encoding', encoding)
    .header('content-length', bytes.length)
    .send(bytes);
}

/**
 * Brotli or gzip, whichever Accept-Encoding weighs higher (Brotli on a tie, as the plugin's order), undefined when
 * neither is acceptable (q=0, absent, or the client asked for no compression).
 */
export function preferredEncoding(req: FastifyRequest): Encoding | undefined {
  if (req.headers['x-no-compression'] !== undefined) return undefined;
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string' || !header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (e: Encoding) => weights.get(e) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}
