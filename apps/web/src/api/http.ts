import { handleUnauthorized } from './auth';
import { ApiError, type ProblemDetails } from './api-error';
import { getToken } from './auth-token';

/** The one HTTP client: every screen goes through it so token, 401 and error handling live in one place. */
export const API_BASE = '/api';

export { ApiError, type ProblemDetails } from './api-error';

export type QueryValue = string | number | boolean | Date | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export interface RequestOptions {
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The login call must not trigger the global 401 handling: a failed login only shows its own toast. */
  skipAuthRedirect?: boolean;
}

const stringify = (value: QueryValue): string =>
  value instanceof Date ? value.toISOString() : String(value);

/** Paths are relative to /api; absolute URLs (OData next links) and /api/... paths pass through. */
export function apiUrl(path: string, query?: Query): string {
  let url: string;
  if (/^https?:\/\//i.test(path) || path === API_BASE || path.startsWith(`${API_BASE}/`)) url = path;
  else url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      // Empty filters are left out so the server sees only what the user chose.
      if (value === undefined || value === null || value === '') continue;
      params.append(key, stringify(value));
    }
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (!text) return undefined;
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  const problem = body && typeof body === 'object' ? (body as ProblemDetails) : undefined;
  const title = problem?.title || response.statusText || `HTTP ${response.status}`;
  const error = new ApiError(response.status, title, body, problem?.errors);
  const retryAfter = Number(response.headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfterSeconds = retryAfter;
  return error;
}

async function send(method: string, path: string, body: unknown, options: RequestOptions = {}) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData)
    payload = body; // the browser sets the multipart boundary itself
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: payload,
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Network error', String((cause as Error)?.message ?? cause));
  }
  if (response.status === 401 && !options.skipAuthRedirect) {
    handleUnauthorized();
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function json<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const response = await send(method, path, body, options);
  return (await readBody(response)) as T;
}

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match ? decodeURIComponent(match[1]) : fallback;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => json<T>('GET', path, undefined, options),
  /** A FormData body is sent as multipart, anything else as JSON. */
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => json<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => json<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => json<T>('PATCH', path, body, options),
  delete: <T = void>(path: string, options?: RequestOptions) => json<T>('DELETE', path, undefined, options),

  async blob(path: string, options?: RequestOptions): Promise<Blob> {
    const response = await send('GET', path, undefined, options);
    return response.blob();
  },

  /** Downloads a file (PDF, export) with the server's file name when it sends one. */
  async download(path: string, fallbackName = 'download', options?: RequestOptions): Promise<void> {
    const response = await send('GET', path, undefined, options);
    saveBlob(await response.blob(), fileNameOf(response, fallbackName));
  },

  /** Opens a PDF in a new tab; a blocked pop-up falls back to a download so the user still gets it. */
  async openPdf(path: string, fallbackName = 'document.pdf', options?: RequestOptions): Promise<void> {
    const response = await send('GET', path, undefined, options);
    const blob = await response.blob();
    const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
    const url = URL.createObjectURL(pdf);
    // No 'noopener' here: with it window.open always returns null and we could not detect a blocked pop-up.
    if (!window.open(url, '_blank')) saveBlob(pdf, fileNameOf(response, fallbackName));
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};

/** OData list envelope (spec 1 §7, ARCHITECTURE: every list pages with @odata.nextLink). */
export interface ODataPage<T> {
  value: T[];
  '@odata.count'?: number;
  '@odata.nextLink'?: string;
}

/**
 * `Prefer: odata.maxpagesize=<n>`: the rows a page of an OData list may hold. `$top` is a limit on the whole
 * list (the server pages within it and its next links stop there), so a read that follows next links asks for
 * its page size with this header and sends no `$top`; the server answers pages of at most n (fewer where the
 * list's own limit is lower, said in Preference-Applied).
 */
export const pageSizeHeader = (rows: number): Record<string, string> => ({
  Prefer: `odata.maxpagesize=${rows}`,
});

/**
 * Fetches every page of an OData list by following @odata.nextLink: every row, unless the query has a `$top`
 * (then that many). `pageSize` asks for pages of that many rows (pageSizeHeader), on every request.
 */
export async function getAllPages<T>(
  path: string,
  options?: RequestOptions & { pageSize?: number },
): Promise<T[]> {
  const { pageSize, ...rest } = options ?? {};
  const headers = pageSize ? { ...rest.headers, ...pageSizeHeader(pageSize) } : rest.headers;
  const rows: T[] = [];
  let next: string | undefined = apiUrl(path, rest.query);
  const seen = new Set<string>();
  while (next && !seen.has(next)) {
    seen.add(next); // a server that repeats a link must not loop us forever
    const page: ODataPage<T> = await http.get<ODataPage<T>>(next, { ...rest, headers, query: undefined });
    rows.push(...(page?.value ?? []));
    next = page?.['@odata.nextLink'];
  }
  return rows;
}
