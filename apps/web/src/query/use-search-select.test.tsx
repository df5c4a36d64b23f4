import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, paramsOf, queryWrapper } from './test-utils';
import { SEARCH_SELECT_TOP, useSearchSelect } from './use-search-select';

vi.mock('../api/notices', () => ({ toastError: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows = (...names: [number, string][]) => ({ value: names.map(([id, name]) => ({ id, name })) });

describe('useSearchSelect', () => {
  it('reads a small first page by label with the fixed conditions, then searches the typed text on the server', async () => {
    const { requests } = mockFetch((url) =>
      url.searchParams.get('$filter')?.includes('contains')
        ? { body: rows([9, 'Rain sensor']) }
        : { body: rows([1, 'Antenna'], [2, 'Bracket']) },
    );
    const { wrapper } = queryWrapper();
    const source = { path: 'WindshieldAccessories', where: { isActive: true }, params: { facility: 3 } };
    const { result } = renderHook(() => useSearchSelect(source, undefined), { wrapper });
    await waitFor(() => expect(result.current.choices.map((c) => c.label)).toEqual(['Antenna', 'Bracket']));
    expect(requests[0].pathname).toBe('/api/WindshieldAccessories');
    expect(paramsOf(requests[0])).toEqual([
      ['facility', '3'],
      ['$select', 'id,name'],
      ['$filter', 'isActive eq true'],
      ['$orderby', 'name asc'],
      ['$top', String(SEARCH_SELECT_TOP)],
    ]);

    act(() => result.current.onSearch("rain o'"));
    await waitFor(() => expect(result.current.choices).toEqual([{ value: 9, label: 'Rain sensor' }]));
    // One request for the pause in typing, with the text quoted as an OData string.
    expect(requests).toHaveLength(2);
    expect(requests[1].searchParams.get('$filter')).toBe("isActive eq true and contains(name,'rain o''')");
  });

  it('shows the chosen value’s label when the page of matches leaves it out (read by id, without the fixed conditions)', async () => {
    const { requests } = mockFetch((url) =>
      url.searchParams.get('$filter')?.startsWith('(id eq')
        ? { body: rows([77, 'Retired car']) }
        : { body: rows([1, 'Car A']) },
    );
    const { wrapper } = queryWrapper();
    const source = { path: 'loanerCars', params: { isActive: true } };
    const { result } = renderHook(() => useSearchSelect(source, 77), { wrapper });
    await waitFor(() =>
      expect(result.current.choices).toEqual([
        { value: 77, label: 'Retired car' },
        { value: 1, label: 'Car A' },
      ]),
    );
    const byId = requests.find((r) => r.searchParams.get('$filter')?.startsWith('(id eq'));
    expect(byId && paramsOf(byId)).toEqual([
      ['$select', 'id,name'],
      ['$filter', '(id eq 77)'],
      ['$orderby', 'name asc'],
      ['$top', '1'],
    ]);
  });
});
