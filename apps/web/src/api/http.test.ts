import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../query/test-utils';
import { ApiError, apiUrl, getAllPages, http } from './http';

afterEach(() => vi.unstubAllGlobals());

describe('apiUrl', () => {
  it('puts paths under /api and leaves empty parameters out', () => {
    expect(apiUrl('Invoices', { $top: 25, $skip: undefined, $filter: '', a: null, $count: true })).toBe(
      '/api/Invoices?%24top=25&%24count=true',
    );
    expect(apiUrl('/api/Brands')).toBe('/api/Brands');
  });

  it('writes dates as ISO and encodes what the URL would misread', () => {
    const url = apiUrl('ActivityLogs', {
      StartDate: new Date(Date.UTC(2026, 0, 1)),
      $filter: "contains(soldTo,'a&b #1+2')",
    });
    const params = new URL(url, 'http://x').searchParams;
    expect(params.get('StartDate')).toBe('2026-01-01T00:00:00.000Z');
    expect(params.get('$filter')).toBe("contains(soldTo,'a&b #1+2')");
  });

  it('passes a next link through and appends to its query', () => {
    expect(apiUrl('http://h/api/Invoices?$skiptoken=1')).toBe('http://h/api/Invoices?$skiptoken=1');
    expect(apiUrl('/api/Invoices?a=1', { b: 2 })).toBe('/api/Invoices?a=1&b=2');
  });
});

describe('http', () => {
  it('turns a 400 problem into an ApiError naming the field', async () => {
    mockFetch({
      status: 400,
      body: { title: 'Bad Request', errors: { vin: ['VIN must be 17 characters'] } },
    });
    const error = await http.get('ServiceVehicles').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).firstError).toBe('VIN must be 17 characters');
  });

  it('follows every next link once (a repeated link stops the walk), asking each for the page size', async () => {
    const { requests, fetchMock } = mockFetch(
      { body: { value: [{ id: 1 }], '@odata.nextLink': '/api/T?p=2' } },
      { body: { value: [{ id: 2 }], '@odata.nextLink': '/api/T?p=2' } },
    );
    await expect(
      getAllPages<{ id: number }>('T', { query: { $select: 'id' }, pageSize: 1 }),
    ).resolves.toEqual([{ id: 1 }, { id: 2 }]);
    expect(requests).toHaveLength(2);
    expect(requests[0].search).toBe('?%24select=id');
    for (const [, init] of fetchMock.mock.calls)
      expect((init?.headers as Record<string, string> | undefined)?.Prefer).toBe('odata.maxpagesize=1');
  });
});
