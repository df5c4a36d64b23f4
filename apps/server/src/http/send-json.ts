import type { FastifyReply } from 'fastify';

/** JSON text built by PostgreSQL, sent as is. */
export const sendJson = (reply: FastifyReply, json: string, code = 200) =>
  reply.code(code).type('application/json; charset=utf-8').send(json);
