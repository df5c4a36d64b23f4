import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { isDatabaseEmpty } from './db/empty.js';
import { seedDatabase } from './db/seed/index.js';
import { startMessagingJobs } from './modules/alerts/jobs.js';
import { createNotifyProvider } from './modules/notify/providers.js';

/** config → database → migrate → seed if empty → listen; SIGTERM drains requests and closes the database. */
async function main() {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(db);
  const app = await buildApp({ db, config });
  if (await isDatabaseEmpty(db)) {
    app.log.info('empty database: seeding demo data');
    await seedDatabase(db, {
      scale: 1,
      pepper: config.passwordPepper,
      scryptCost: config.scryptCost,
      log: (m) => app.log.info(m),
    });
  }
  let closing = false;
  let stopJobs = () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      stopJobs();
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  // The outbox is drained with the configured providers (MAIL_TRANSPORT, SMS_PROVIDER: README).
  stopJobs = startMessagingJobs(app, { provider: createNotifyProvider(app.deps.db, config, app.log) });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
