/** Server errors are problem+json (RFC 9457) with an optional validation `errors` map. */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: Record<string, string[]>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly errors?: Record<string, string[]>;
  readonly body: unknown;
  /** Seconds from a 429's Retry-After header (a locked login says how long). */
  retryAfterSeconds?: number;

  constructor(status: number, title: string, body: unknown, errors?: Record<string, string[]>) {
    super(title);
    this.name = 'ApiError';
    this.status = status;
    this.title = title;
    this.body = body;
    this.errors = errors;
  }

  /** The first validation message, which the 400 notice shows. */
  get firstError(): string | undefined {
    const first = this.errors ? Object.values(this.errors).find((list) => list?.length) : undefined;
    return first?.[0];
  }

  /** Readable body text: problem detail, then title, then a plain-text body. */
  get bodyText(): string | undefined {
    const body = this.body;
    if (typeof body === 'string') return body.trim() || undefined;
    if (body && typeof body === 'object') {
      const problem = body as ProblemDetails;
      return problem.detail || problem.title || undefined;
    }
    return undefined;
  }
}
