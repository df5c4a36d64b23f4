import { type Action, can } from '@glass/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionStore, SessionUser } from '../auth/sessions.js';
import { forbidden, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed (login, health, public customer pages). */
    public?: boolean;
    /** The role matrix action this route performs (packages/domain/src/roles.ts). */
    action?: Action;
  }
  interface FastifyRequest {
    user?: SessionUser;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || undefined;
  return undefined;
}

/** The signed-in user of a route that is not public (the hook guarantees it). */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/**
 * Every /api route checks the token unless it is declared public, then the role matrix action if it names one.
 * Routes that need finer checks (own record, lock holder) do them in their service.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionStore) {
  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config;
    if (!/^\/api(\/|\?|$)/i.test(req.url)) return;
    // No route, or the static-file wildcard: nothing to protect (unknown /api paths end as 404).
    if (cfg?.public || !req.routeOptions.url || req.routeOptions.url === '/*') return;
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const user = await sessions.resolve(token);
    if (!user) throw unauthorized('Your session has ended. Sign in again.');
    req.user = user;
    if (cfg?.action && !can(user.userRoleId, cfg.action)) throw forbidden();
  });
}

export function assertCan(user: SessionUser, action: Action) {
  if (!can(user.userRoleId, action)) throw forbidden();
}
