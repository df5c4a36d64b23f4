import { type ClientErrorReport, clientErrorReport } from '@glass/domain/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-type.js';
import { tooMany } from '../../http/errors.js';
import { perApp } from '../../per-app.js';

export interface BrowserErrorCounts {
  logged: Record<ClientErrorReport['kind'], number>;
  /** Refused by the rate limit (429). */
  limited: number;
}

/** This process's report counters, for GET /api/metrics. */
export const browserErrorCounts = perApp(
  (_app: object): BrowserErrorCounts => ({
    logged: { error: 0, unhandledrejection: 0, boundary: 0, route: 0 },
    limited: 0,
  }),
);

/** Reports one client address may send per minute; more answer 429 and are not logged. */
export const PER_ADDRESS_PER_MINUTE = 10;
/** Reports one process logs per minute, all addresses together (a broken deploy must not flood the logs). */
export const PER_PROCESS_PER_MINUTE = 300;

/**
 * Fixed one-minute windows, in memory: each process counts for itself, so N processes log at most N times
 * the limits. Good enough to keep a looping error on one page out of the logs; nothing depends on it.
 */
export class ReportLimiter {
  private windowStart = 0;
  private total = 0;
  private perAddress = new Map<string, number>();

  constructor(
    private perAddressLimit = PER_ADDRESS_PER_MINUTE,
    private perProcessLimit = PER_PROCESS_PER_MINUTE,
    private now = () => Date.now(),
  ) {}

  /** Seconds until the caller may report again, or 0 when this report is taken. */
  take(address: string): number {
    const t = this.now();
    if (t - this.windowStart >= 60_000) {
      this.windowStart = t;
      this.total = 0;
      this.perAddress.clear();
    }
    const wait = Math.max(1, Math.ceil((this.windowStart + 60_000 - t) / 1000));
    const mine = this.perAddress.get(address) ?? 0;
    if (mine >= this.perAddressLimit || this.total >= this.perProcessLimit) return wait;
    this.perAddress.set(address, mine + 1);
    this.total++;
    return 0;
  }
}

/**
 * POST /api/client-errors: public, because errors happen on the sign-in page too. Validated by the
 * contract (cut texts, no query strings), rate-limited per client address (TRUST_PROXY decides the address)
 * and logged at `warn` as `browserError` with the request's id (`reqId`), the user agent and the report.
 */
export function clientErrorRoutes(app: App) {
  const limiter = new ReportLimiter();
  const counts = browserErrorCounts(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/client-errors',
    {
      config: { public: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['system'],
        summary: 'A script error in the browser, logged with the request id (public, rate-limited)',
        body: clientErrorReport,
      },
    },
    async (req, reply) => {
      const wait = limiter.take(req.ip);
      if (wait > 0) {
        counts.limited++;
        throw tooMany('Too many error reports; try again later.', wait);
      }
      counts.logged[req.body.kind]++;
      const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 300);
      req.log.warn({ browserError: { ...req.body, userAgent } }, 'browser error');
      return reply.code(204).send();
    },
  );
}
