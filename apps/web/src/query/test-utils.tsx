import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

/** A fresh query client (no retries, nothing cached between tests) and its provider for renderHook. */
export function queryWrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

type Answer = { status?: number; body: unknown } | ((url: URL) => { status?: number; body: unknown });

/**
 * Replaces fetch: every request is recorded (decoded URL) and answered in order from `answers` (the last
 * one repeats). Returns the recorded requests.
 */
export function mockFetch(...answers: Answer[]) {
  const requests: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    const next = answers[Math.min(requests.length - 1, answers.length - 1)];
    const { status = 200, body } = typeof next === 'function' ? next(url) : next;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** The query parameters of a request as an ordered list of [name, value]. */
export const paramsOf = (url: URL) => [...url.searchParams.entries()];
