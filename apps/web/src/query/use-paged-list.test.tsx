import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryWrapper } from './test-utils';
import { usePagedList } from './use-paged-list';

const toastError = vi.fn();
vi.mock('../api/notices', () => ({ toastError: (text: unknown) => toastError(text) }));

afterEach(() => {
  cleanup();
  toastError.mockClear();
});

describe('usePagedList', () => {
  it('reads the page asked (skip and size), keeps the previous page on screen while the next loads', async () => {
    const asked: { skip: number; top: number }[] = [];
    let release: () => void = () => {};
    const read = vi.fn(async ({ skip, top }: { skip: number; top: number }) => {
      asked.push({ skip, top });
      if (skip > 0) await new Promise<void>((resolve) => (release = resolve));
      return { rows: [`row ${skip + 1}`], count: 25 };
    });
    const { wrapper } = queryWrapper();
    const { result, rerender } = renderHook(
      ({ page }) => usePagedList<string>({ key: ['mine', 'All'], page, top: 10, read }),
      { wrapper, initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.rows).toEqual(['row 1']));
    expect(result.current.count).toBe(25);

    rerender({ page: 3 });
    await waitFor(() =>
      expect(asked).toEqual([
        { skip: 0, top: 10 },
        { skip: 20, top: 10 },
      ]),
    );
    expect(result.current.rows).toEqual(['row 1']);
    expect(result.current.isPlaceholderData).toBe(true);
    release();
    await waitFor(() => expect(result.current.rows).toEqual(['row 21']));
  });

  it('toasts the list’s failure text when a page cannot be read', async () => {
    const { wrapper } = queryWrapper();
    renderHook(
      () =>
        usePagedList<string>({
          key: ['mine'],
          page: 1,
          top: 10,
          failure: 'Failed to list service vehicles',
          read: () => Promise.reject(new Error('down')),
        }),
      { wrapper },
    );
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to list service vehicles'));
  });
});
