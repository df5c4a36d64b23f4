import { createHash, timingSafeEqual } from 'node:crypto';
import { type Action, can } from '@glass/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { SessionStore, SessionUser } from '../auth/sessions.js';
import type { Db } from '../db/unit-of-work.js';
import { forbidden, unauthorized } from './errors.js';
import {
  assertRequestInScope,
  type FacilityDeclaration,
  type ParsedFacilityRule,
  parseFacilityRule,
} from './facility-scope.js';
import { FACILITY_RULES } from './facility-routes.js';

/**
 * Callers that are programs, not people: each has its own secret from the configuration
 * (README "Configuration"); a route serving one declares `config: { machine: '<name>' }`.
 */
export const MACHINE_CALLERS = ['metrics', 'pbx'] as const;
export type MachineCaller = (typeof MACHINE_CALLERS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed (login, health, the web app's files, public customer pages). */
    public?: boolean;
    /** Called by a program with a configured secret (`Authorization: Bearer <secret>`), not by a user. */
    machine?: MachineCaller;
    /** The role matrix action this route performs (packages/domain/src/roles.ts). */
    action?: Action;
    /**
     * Any signed-in user, whatever their role, acting on their own session only (sign out, who am I).
     * A route that reads or writes shop data names an `action` instead.
     */
    anyRole?: boolean;
    /**
     * This route takes files as multipart/form-data, in these form fields (the first is the main one).
     * Not an access rule: every other route refuses a multipart body with 415 before its handler
     * (http/input-guards.ts), and the readers in files/ refuse to run on a route that does not declare
     * the field they read, so the upload probes (input-guards.test.ts) find every upload route here.
     */
    upload?: UploadDeclaration;
    /**
     * How this route names facility data (http/facility-scope.ts, decision 0016): 'none', 'own', 'list' or
     * locators such as 'param:id→invoice'. Every user route declares one, here or in facility-routes.ts
     * (the routes made by factories); a user route with neither stops the server at start-up.
     */
    facility?: FacilityDeclaration;
  }
  interface FastifyRequest {
    user?: SessionUser;
  }
}

export interface UploadDeclaration {
  fields: readonly string[];
}

/** How a route is reached: decided from the matched route's declaration, never from the URL's spelling. */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'machine'; caller: MachineCaller }
  | { kind: 'user'; action: Action }
  | { kind: 'user'; anyRole: true };

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The facility declaration of a user route (http/facility-scope.ts). */
  facility?: FacilityDeclaration;
  /** Set on routes that take uploads (multipart/form-data). */
  upload?: UploadDeclaration;
}

type RouteConfig = RouteOptions['config'];

/** The access rule a route's config declares, or undefined when it declares none (refused at start-up). */
export function routeAccess(cfg: RouteConfig | undefined): RouteAccess | undefined {
  const c = (cfg ?? {}) as NonNullable<RouteConfig>;
  const kinds = [c.public, c.machine, c.action, c.anyRole].filter((v) => v !== undefined && v !== false);
  if (kinds.length !== 1) return undefined;
  if (c.public) return { kind: 'public' };
  if (c.machine) return { kind: 'machine', caller: c.machine };
  if (c.action) return { kind: 'user', action: c.action };
  return { kind: 'user', anyRole: true };
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h === 'string' && /^Bearer /i.test(h)) return h.slice(7).trim() || undefined;
  return undefined;
}

/** The signed-in user of a route that is not public (the hook guarantees it). */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison of a presented secret with the configured one (no secret configured: never). */
export function secretMatches(presented: string | undefined, configured: string | undefined): boolean {
  if (!presented || !configured) return false;
  return timingSafeEqual(digest(presented), digest(configured));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its access rule (read by the security tests and the route × role check). */
    routeTable: () => RouteEntry[];
  }
}

/**
 * The one authentication and role gate, for every route (docs/security.md):
 * - the rule comes from the route the router matched, after it decoded the path (`/%61pi/users`,
 *   `/API/users` and `/api/users/` all match `/api/users` and get its rule), never from the raw URL text;
 * - every route declares exactly one of `public`, `machine`, `action` or `anyRole`; a route that declares
 *   none (or two) stops the server at start-up, so a new route cannot be open by omission;
 * - user routes need a live session token, then the role matrix action if they name one;
 * - machine routes need their configured secret; without one configured they answer 401 to everyone.
 * Routes that need finer checks (own record, lock holder, conversation member) do them in their service.
 */
export function registerAuth(
  app: FastifyInstance,
  sessions: SessionStore,
  machineSecrets: Partial<Record<MachineCaller, string>>,
  /** The database the facility gate reads records' facilities from (the sessions' by default). */
  db?: Db,
) {
  const registered: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    registered.push(route);
  });
  const table = () =>
    registered.flatMap((r) => {
      const access = routeAccess(r.config);
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      const upload = (r.config as { upload?: UploadDeclaration } | undefined)?.upload;
      return access
        ? methods.map((method) => {
            const facility = access.kind === 'user' ? facilityDeclaration(method, r) : undefined;
            return {
              method,
              url: r.url,
              access,
              ...(upload ? { upload } : {}),
              ...(facility ? { facility } : {}),
            };
          })
        : [];
    });
  app.decorate('routeTable', table);
  // Checked once every plugin has registered its routes (plugins may set `config` in their own onRoute).
  app.addHook('onReady', async () => {
    const bad = registered.filter((r) => !routeAccess(r.config));
    if (bad.length) {
      throw new Error(
        `Routes without exactly one access rule (public, machine, action or anyRole): ${bad
          .map((r) => `${r.method} ${r.url}`)
          .join(', ')}`,
      );
    }
    // Decision 0016: every user route declares its facility scope, so a new one cannot forget it.
    const undeclared = registered.flatMap((r) => {
      const access = routeAccess(r.config);
      if (access?.kind !== 'user') return [];
      const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
      return methods.filter((m) => !parseFacilityRule(facilityDeclaration(m, r))).map((m) => `${m} ${r.url}`);
    });
    if (undeclared.length) {
      throw new Error(
        `User routes without a facility scope declaration (config.facility or http/facility-routes.ts): ${undeclared.join(', ')}`,
      );
    }
  });

  app.addHook('onRequest', async (req) => {
    // No route matched: the not-found handler answers, and it reads nothing.
    if (req.routeOptions.url === undefined) return;
    const access = routeAccess(req.routeOptions.config);
    if (!access) throw forbidden('This route declares no access rule.');
    if (access.kind === 'public') return;
    if (access.kind === 'machine') {
      if (!secretMatches(bearerToken(req), machineSecrets[access.caller])) throw unauthorized();
      return;
    }
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const user = await sessions.resolve(token);
    if (!user) throw unauthorized('Your session has ended. Sign in again.');
    req.user = user;
    if ('action' in access && !can(user.userRoleId, access.action)) throw forbidden();
  });

  // The facility half of the same gate: it needs the parsed params, query and body, so it runs once the
  // schema has validated them (preHandler), still before any handler (decision 0016).
  const rules = new Map<string, ParsedFacilityRule | undefined>();
  app.addHook('preHandler', async (req) => {
    if (!req.user || req.routeOptions.url === undefined) return;
    if (req.user.allowedFacilityIds === null) return;
    const key = `${req.method} ${req.routeOptions.url}`;
    let rule = rules.get(key);
    if (!rules.has(key)) {
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      rule = parseFacilityRule(
        req.routeOptions.config.facility ?? FACILITY_RULES[`${method} ${req.routeOptions.url}`],
      );
      rules.set(key, rule);
    }
    if (!rule) throw forbidden('This route declares no facility scope.');
    await assertRequestInScope(db ?? sessions.database, req, rule);
  });
}

/** A route's facility declaration: its own config, else the central table (routes made by factories). */
function facilityDeclaration(method: string, r: RouteOptions): FacilityDeclaration | undefined {
  const own = (r.config as { facility?: FacilityDeclaration } | undefined)?.facility;
  return own ?? FACILITY_RULES[`${method === 'HEAD' ? 'GET' : method} ${r.url}`];
}

export function assertCan(user: SessionUser, action: Action) {
  if (!can(user.userRoleId, action)) throw forbidden();
}
