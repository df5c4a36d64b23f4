import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SessionStore } from './auth/sessions.js';
import { onHookError } from './db/unit-of-work.js';
import { trustProxyOption } from './config.js';
import { registerAuth } from './http/auth.js';
import { registerErrorHandling, sendProblem, notFound } from './http/errors.js';
import { registerInputGuards } from './http/input-guards.js';
import { rewriteODataUrl } from './http/odata-route.js';
import { normalisedSegments } from './http/paths.js';
import { loggerOptions, registerSafeDefaults } from './http/safe-defaults.js';
import { registerTrafficMeter } from './http/traffic.js';
import { UPLOAD_MAX_BYTES } from './files/limits.js';
import { limitedValidatorCompiler } from './http/value-limits.js';
import { registerModules } from './modules/index.js';
import { setSkipTokenSecret } from './odata/keyset.js';
import { attachRealtime } from './realtime/socket-server.js';
import type { App, AppDeps } from './app-type.js';

export type { App, AppDeps } from './app-type.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

/** Builds the whole HTTP application; main.ts and the tests both call it. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { ...loggerOptions(deps.config.logLevel), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    // OData: every entity set at its name, and `<list>/$count` (http/odata-route.ts).
    rewriteUrl: rewriteODataUrl,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
  }) as unknown as App;
  const sessions = new SessionStore(deps.db, deps.config);
  // A failing afterCommit/onRollback hook (an alert push, a file removal) is logged, not thrown.
  onHookError((err) => app.log.error({ err }, 'unit of work hook failed'));
  app.deps = { ...deps, sessions };
  // $skiptoken links (odata/keyset.ts) are signed with a key from SECRETS_KEY: every process accepts them.
  setSkipTokenSecret(deps.config.secretsKey);

  // The route's zod schema, then the limits of what PostgreSQL stores (numbers, dates) for every route.
  app.setValidatorCompiler(limitedValidatorCompiler);
  // Response schemas (packages/domain/src/contracts) document the answers for OpenAPI and the API tests
  // parse every answer with them; the server neither re-checks nor re-serializes what it sends (JSON text
  // built by PostgreSQL goes out as is, objects through JSON.stringify as without a schema).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Security headers, HSTS and compression first, so even an early 401 or 400 carries them.
  await registerSafeDefaults(app, deps.config);
  registerErrorHandling(app);
  registerInputGuards(app);
  // Requests a second, which the file imports' batches yield to (decision 0039).
  registerTrafficMeter(app);
  // Before any route exists: every route registered from here on is in the route table and checked.
  registerAuth(app, sessions, { metrics: deps.config.metricsToken, pbx: deps.config.pbxToken }, deps.db);
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (req.routeOptions.url?.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  // The upload limits live in files/limits.ts (a route may raise its own: the DMS import).
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 10, fields: 50 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Glass shop operations API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The API docs describe every route: only for a signed-in user (any role), and not served at all in
  // production (issue #31 item 8). The hook must exist before the docs routes are registered.
  if (deps.config.nodeEnv !== 'production') {
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/docs'))
        route.config = { ...(route.config as object), anyRole: true, facility: 'none' };
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  }

  // The composition root: every route (health included) is registered from modules/index.ts.
  await registerModules(app);
  await attachRealtime(app);
  await serveWeb(app, deps.config.webDist ?? defaultWebDist);
  return app;
}

/** The first segment of a request path however it is spelled, lower-cased (http/paths.ts). */
const firstSegment = (url: string): string | undefined => normalisedSegments(url)[0];

/**
 * Whether a request path is under /api however it is spelled. Such a path that matched no route is the API's
 * 404 (problem+json), never the web app's index.html: an API client must not get a page, whatever the
 * spelling (docs/security.md).
 */
export function isApiPath(url: string): boolean {
  return firstSegment(url) === 'api';
}

/**
 * Whether a request path is under /assets (the build's hashed files) however it is spelled. Such a path that
 * is no file is 404, never index.html: a tab still running the previous build asks for chunks a deploy
 * removed, and must see the failure to reload (apps/web/src/shell/chunk-reload.ts), not a page parsed as script.
 */
export function isAssetPath(url: string): boolean {
  return firstSegment(url) === 'assets';
}

/** The built web app, with the SPA fallback: any GET outside /api and /assets that is not a file gets index.html. */
async function serveWeb(app: FastifyInstance, root: string) {
  const index = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    // wildcard: files built after start-up are served too; a missing file falls through to the SPA fallback.
    // The web app's own files are public (the sign-in page is one of them). A spelling of an API path
    // that matched no API route (`/%2561pi/users`, `//api//users`) lands on the static wildcard: it is
    // the API's 404 there, before the file handler runs, never a file or index.html.
    let staticRoutes = true;
    const notForApiPaths = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!isApiPath(req.url)) return;
      await sendProblem(reply, notFound(`No route for ${req.method} ${req.url.split('?')[0]}`));
      return reply;
    };
    app.addHook('onRoute', (route) => {
      if (!staticRoutes) return;
      route.config = { ...(route.config as object), public: true };
      route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), notForApiPaths];
    });
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      // The build writes .br/.gz beside each file; a client that accepts one gets it (Vary: accept-encoding).
      preCompressed: true,
      // Cache headers are ours (setHeaders runs after send's own, also for reply.sendFile).
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(root, filePath)),
    });
    staticRoutes = false;
    // The root is the app itself (the static wildcard would refuse a directory listing).
    app.get('/', { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
      reply.sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || req.method !== 'GET') {
      return sendProblem(reply, notFound(`No route for ${req.method} ${req.url.split('?')[0]}`));
    }
    if (!hasWeb)
      return reply.code(404).type('text/plain').send('The web app is not built. Run `npm run build`.');
    // Not cached: the file may exist after the next deploy (or on another process behind the balancer).
    if (isAssetPath(req.url))
      return sendProblem(
        reply.header('cache-control', 'no-store'),
        notFound(`No file ${req.url.split('?')[0]}`),
      );
    return reply.sendFile('index.html');
  });
}

/**
 * Hashed build output under /assets never changes under its name: a year, immutable. Everything else
 * (index.html above all) is revalidated on every use, so a deploy reaches open browsers at their next
 * navigation and no page asks for script chunks that the deploy removed.
 */
export function webCacheControl(root: string, filePath: string): string {
  const rel = path.relative(root, filePath).split(path.sep);
  return rel[0] === 'assets' && rel.length > 1 ? 'public, max-age=31536000, immutable' : 'no-cache';
}
