#!/usr/bin/env node
// `npm start`: the built server (apps/server/dist, from `npm run build`) with the demo data. On the
// embedded database (no DATABASE_URL) it asks for the demo seed (SEED_DEMO=1), which the server applies
// only to an empty database and refuses under NODE_ENV=production. An explicit SEED_DEMO wins.
if (
  process.env.SEED_DEMO === undefined &&
  !process.env.DATABASE_URL &&
  process.env.NODE_ENV !== 'production'
) {
  process.env.SEED_DEMO = '1';
}
await import('../apps/server/dist/main.js');
