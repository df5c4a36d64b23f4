import type { InvalidLink } from '@glass/domain/contracts/approvals';

/**
 * The public pages' own HTTP calls: plain fetch, no token and no 401 handling (these pages never send a
 * customer to /login), so the public bundle does not pull the staff app's client and its session code.
 */
export class PublicError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** The neutral invalid-link answer's contact (404). */
    readonly contact?: InvalidLink['contact'],
  ) {
    super(detail);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/public/${path}`, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new PublicError(0, '');
  }
  const json = (await response.json().catch(() => undefined)) as
    | (T & { detail?: string; contact?: InvalidLink['contact'] })
    | undefined;
  if (!response.ok) throw new PublicError(response.status, json?.detail ?? '', json?.contact);
  return json as T;
}

export const publicGet = <T>(path: string) => call<T>('GET', path);
export const publicPost = <T>(path: string, body: unknown) => call<T>('POST', path, body);

/** A PNG blob from the signature pad as the data: URL the API takes. */
export function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
