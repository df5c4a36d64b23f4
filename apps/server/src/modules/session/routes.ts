import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, loginResponse, passwordBody, selfUser, tokenResponse } from '@glass/domain/contracts';
import { currentUser } from '../../http/auth.js';
import type { SessionService } from './service.js';

export function sessionRoutes(app: FastifyInstance, service: SessionService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  r.post(
    '/api/login',
    {
      config: { public: true },
      schema: {
        tags: ['session'],
        summary: 'Sign in with a 3-digit user name and 6-digit PIN; returns a bearer token',
        body: loginBody,
        response: { 200: loginResponse },
      },
    },
    (req) => service.login(req.body, meta(req)),
  );

  r.post(
    '/api/logout',
    { config: { anyRole: true }, schema: { tags: ['session'], summary: 'End this session' } },
    async (req, reply) => {
      await service.logout(currentUser(req));
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/self',
    {
      config: { anyRole: true },
      schema: { tags: ['session'], summary: 'The signed-in user', response: { 200: selfUser } },
    },
    (req) => service.self(currentUser(req).id),
  );

  r.put(
    '/api/users/password',
    {
      config: { action: 'self.settings' },
      schema: {
        tags: ['session'],
        summary: 'Change my password; ends my other sessions and returns a fresh token',
        body: passwordBody,
        response: { 200: tokenResponse },
      },
    },
    (req) => service.changePassword(currentUser(req), req.body, meta(req)),
  );
}
