import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { warmImageCodecs } from './files/reencode.js';
import { shouldSeedDemo } from './db/empty.js';
import { seedDatabase } from './db/seed/index.js';
import { startBackgroundJobs } from './jobs/background.js';
import { createNotifyProvider } from './modules/notify/index.js';
import { warmPdfFonts } from './pdf/unicode-fonts.js';
import { reencryptStoredSecrets } from './resources/secrets.js';

/** config → database → migrate → seed when asked (SEED_DEMO) and empty → listen; SIGTERM drains requests and closes the database. */
async function main() {
  const config = loadConfig();
  const { shutdownTimeoutMs } = config;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pg: config.pg });
  await migrateDatabase(db);
  const app = await buildApp({ db, config });
  const secrets = await reencryptStoredSecrets(db, {
    current: config.secretsKey,
    older: [config.passwordPepper],
  });
  if (secrets.moved || secrets.unreadable)
    app.log.warn(
      secrets,
      'stored secrets: older-key values re-encrypted with SECRETS_KEY (unreadable ones left as they are)',
    );
  if (await shouldSeedDemo(db, config, app.log)) {
    await seedDatabase(db, {
      scale: 1,
      pepper: config.passwordPepper,
      scryptCost: config.scryptCost,
      publicBaseUrl: config.publicBaseUrl,
      dataDir: config.dataDir,
      fileStore: config.fileStore,
      log: (m) => app.log.info(m),
    });
  }
  let closing = false;
  let stopJobs = async (_timeoutMs?: number) => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Everything gets SHUTDOWN_TIMEOUT_MS: the job in flight (an outbox send is finished and recorded; what is
    // left of its batch goes back to pending), then the requests in flight, then the database.
    const deadline = Date.now() + shutdownTimeoutMs;
    const left = () => Math.max(1000, deadline - Date.now());
    const force = setTimeout(() => {
      app.log.error({ signal, shutdownTimeoutMs }, 'shutdown timed out; exiting');
      process.exit(1);
    }, shutdownTimeoutMs + 1000);
    force.unref();
    try {
      await stopJobs(left());
      await app.close();
      await db.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  // The PDFs' fonts and the image codecs are readied now rather than in the first request that needs them.
  setTimeout(() => {
    const warn = (what: string) => (err: unknown) => app.log.warn({ err }, `${what} not warmed`);
    void warmPdfFonts().catch(warn('PDF fonts'));
    void warmImageCodecs().catch(warn('image codecs'));
  }, 0);
  // The outbox is drained with the configured providers (MAIL_TRANSPORT, SMS_PROVIDER: README).
  stopJobs = await startBackgroundJobs(app, { provider: createNotifyProvider(app.deps.db, config, app.log) });
}

main().catch((err) => {
  // A configuration mistake is the operator's to fix: its message says what, a stack trace would not.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
