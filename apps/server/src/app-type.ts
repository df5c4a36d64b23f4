import type { FastifyInstance } from 'fastify';
import type { SessionStore } from './auth/sessions.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';

/**
 * The application's type, apart from app.ts so modules can name it without importing the module that
 * registers them (app.ts implements it; nothing here imports a module back).
 */
export interface AppDeps {
  db: Database;
  config: Config;
  /** Pass false to silence request logs in tests. */
  logger?: boolean;
  /** Where the log lines go (default stdout); tests read them from a stream. */
  logStream?: NodeJS.WritableStream;
}

export interface App extends FastifyInstance {
  deps: AppDeps & { sessions: SessionStore };
}
