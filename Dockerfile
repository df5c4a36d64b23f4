# syntax=docker/dockerfile:1
# The production image (docs/deploy.md): the server bundle under plain node, as a non-root user, with a
# health check. Three stages: build (everything, devDependencies included), deps (runtime dependencies of
# the server only) and the runtime image. `docker build -t glass-shop .`; compose.yaml runs two of them
# behind HAProxy. Linted in CI by `npm run lint -w deploy` (there is no Docker on the CI machines).

ARG NODE_IMAGE=node:20.20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The lockfile names every workspace: their package.json files come first, so the install layer is cached
# until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY deploy/package.json deploy/
RUN npm ci --no-audit --no-fund --loglevel=error
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/server apps/server
COPY apps/web apps/web
# The web app (precompressed .br/.gz) and the server bundle (docs/decisions/0007-production-runtime.md).
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY deploy/package.json deploy/
# Only what the bundle imports at run time (apps/server/dist/imports.json ⊆ the server's dependencies).
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund --loglevel=error \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: only for the embedded database (PGlite) or FILE_STORE=disk; with DATABASE_URL it stays empty.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The node image's unprivileged user (uid 1000); nothing under /app is writable by it.
USER node
EXPOSE 3000
# GET /api/health answers 200 while the server and its database are up (503 when the database is not).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) drains: the job in flight, the requests in flight, then the database
# (SHUTDOWN_TIMEOUT_MS, 25 s by default; compose gives 30 s). Migrations run at start under an advisory lock.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
