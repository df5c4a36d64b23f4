import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth.js';
import type { SessionService } from './service.js';

const pin = z.string().max(20);

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
        body: z.object({
          userName: z.string().trim().min(1, 'User name is required').max(20),
          password: z.string().min(1, 'Password is required').max(20),
          tzo: z.coerce.number().int().min(-900).max(900).optional(),
        }),
      },
    },
    (req) => service.login(req.body, meta(req)),
  );

  r.post(
    '/api/logout',
    { schema: { tags: ['session'], summary: 'End this session' } },
    async (req, reply) => {
      await service.logout(currentUser(req));
      return reply.code(204).send();
    },
  );

  r.get('/api/self', { schema: { tags: ['session'], summary: 'The signed-in user' } }, (req) =>
    service.self(currentUser(req).id),
  );

  r.put(
    '/api/users/password',
    {
      schema: {
        tags: ['session'],
        summary: 'Change my password; ends my other sessions and returns a fresh token',
        body: z.object({
          currentPassword: pin.optional(),
          newPassword: pin.optional(),
          confirmPassword: pin.optional(),
        }),
      },
    },
    (req) => service.changePassword(currentUser(req), req.body, meta(req)),
  );
}
