import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadState, ScreenFrame } from './screen-frame';

afterEach(cleanup);

describe('ScreenFrame', () => {
  it('labels the screen by its one h1 and puts the actions beside it', () => {
    render(
      <ScreenFrame title="Outstanding Invoices" actions={<button type="button">Refresh</button>}>
        <p>rows</p>
      </ScreenFrame>,
    );
    const region = screen.getByRole('region', { name: 'Outstanding Invoices' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(region.contains(screen.getByRole('button', { name: 'Refresh' }))).toBe(true);
    expect(region.contains(screen.getByText('rows'))).toBe(true);
  });
});

describe('LoadState', () => {
  it('shows the skeleton while loading, the failure text when the read failed, else the content', () => {
    const { rerender } = render(
      <LoadState loading failed={false} failure="Failed to get Invoices" label="Loading Invoices">
        <p>rows</p>
      </LoadState>,
    );
    expect(screen.getByRole('status', { name: 'Loading Invoices' })).toBeTruthy();
    expect(screen.queryByText('rows')).toBeNull();

    rerender(
      <LoadState loading={false} failed failure="Failed to get Invoices" label="Loading Invoices">
        <p>rows</p>
      </LoadState>,
    );
    expect(screen.getByText('Failed to get Invoices')).toBeTruthy();
    expect(screen.queryByText('rows')).toBeNull();

    rerender(
      <LoadState loading={false} failed={false} failure="Failed to get Invoices" label="Loading Invoices">
        <p>rows</p>
      </LoadState>,
    );
    expect(screen.getByText('rows')).toBeTruthy();
    expect(screen.queryByText('Failed to get Invoices')).toBeNull();
  });
});
