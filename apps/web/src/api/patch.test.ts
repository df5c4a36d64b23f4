import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../query/test-utils';
import { patchChanges } from './patch';

afterEach(() => vi.unstubAllGlobals());

describe('patchChanges', () => {
  it('sends only the changed fields (a nested object keeps its id) and returns the answer', async () => {
    const { requests, fetchMock } = mockFetch({ body: { id: 9, soldTo: 'B' } });
    const original = {
      id: 9,
      soldTo: 'A',
      claimNumber: 'C1',
      customer: { id: 3, firstName: 'Ann', lastName: 'Lee' },
    };
    const edited = { ...original, soldTo: 'B', customer: { ...original.customer, lastName: 'Li' } };
    await expect(patchChanges('Invoices/9', original, edited)).resolves.toEqual({ id: 9, soldTo: 'B' });
    expect(requests).toHaveLength(1);
    expect(requests[0].pathname).toBe('/api/Invoices/9');
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ soldTo: 'B', customer: { id: 3, lastName: 'Li' } });
  });

  it('asks nothing when nothing changed', async () => {
    const { requests } = mockFetch({ body: {} });
    await expect(patchChanges('Invoices/9', { id: 9, a: 1 }, { id: 9, a: 1 })).resolves.toBeUndefined();
    expect(requests).toHaveLength(0);
  });

  it('refuses an invalid nested id before sending', async () => {
    const { requests } = mockFetch({ body: {} });
    await expect(
      patchChanges('Invoices/9', { id: 9, c: { id: 1, n: 'a' } }, { id: 9, c: { id: -5, n: 'b' } }),
    ).rejects.toThrow();
    expect(requests).toHaveLength(0);
  });
});
