import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { SessionStore } from './auth/sessions.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerAuth } from './http/auth.js';
import { registerErrorHandling, sendProblem, notFound } from './http/errors.js';
import { registerModules } from './modules/index.js';
import { attachRealtime } from './realtime/socket-server.js';

export interface AppDeps {
  db: Database;
  config: Config;
  /** Pass false to silence request logs in tests. */
  logger?: boolean;
}

export interface App extends FastifyInstance {
  deps: AppDeps & { sessions: SessionStore };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

/** Builds the whole HTTP application; main.ts and the tests both call it. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: deps.config.logLevel },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
  }) as unknown as App;
  const sessions = new SessionStore(deps.db, deps.config);
  app.deps = { ...deps, sessions };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (req.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10, fields: 50 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Glass shop operations API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The API docs are public; the hook must exist before the docs routes are registered.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), public: true };
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  registerAuth(app, sessions);
  app.get(
    '/api/health',
    { config: { public: true }, schema: { tags: ['system'], summary: 'Liveness and database' } },
    async (_req, reply) => {
      const up = await deps.db.ping();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
  await registerModules(app);
  await attachRealtime(app);
  await serveWeb(app, deps.config.webDist ?? defaultWebDist);
  return app;
}

/** The built web app, with the SPA fallback: any non-API GET that is not a file gets index.html. */
async function serveWeb(app: FastifyInstance, root: string) {
  const index = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    // wildcard: files built after start-up are served too; a missing file falls through to the SPA fallback.
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      maxAge: '1h',
      immutable: false,
    });
    // The root is the app itself (the static wildcard would refuse a directory listing).
    app.get('/', { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    if (/^\/api(\/|\?|$)/i.test(req.url) || req.method !== 'GET') {
      return sendProblem(reply, notFound(`No route for ${req.method} ${req.url.split('?')[0]}`));
    }
    if (!hasWeb)
      return reply.code(404).type('text/plain').send('The web app is not built. Run `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
