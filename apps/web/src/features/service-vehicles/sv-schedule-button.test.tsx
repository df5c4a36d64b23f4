import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, queryWrapper } from '../../query/test-utils';
import { ScheduleButton } from './sv-schedule-button';
import { stubLayout } from '../../ui/test-stubs';

// The toasts the user would read (the app's message host is not mounted here).
const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../api/notices', () => ({
  toastSuccess: (text: string) => toasts.push(text),
  toastInfo: (text: string) => toasts.push(text),
  toastError: (text: string) => toasts.push(text),
  showError: (error: Error) => toasts.push(error.message),
}));

beforeEach(() => {
  toasts.length = 0;
  stubLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The button on a service vehicle page, and the schedule form's route showing where it went. */
function renderButton(props: { invoiceId: number | null; canCreateInvoice: boolean }) {
  const { wrapper: Wrapper } = queryWrapper();
  const router = createMemoryRouter(
    [
      { path: '/service-vehicles/7', element: <ScheduleButton serviceVehicleId={7} {...props} /> },
      { path: '/schedule-appointment', element: <p>Schedule form</p> },
    ],
    { initialEntries: ['/service-vehicles/7'] },
  );
  render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return router;
}

describe('Schedule on a service vehicle (decision 0021)', () => {
  it('opens the form for the invoice the vehicle has, creating nothing', async () => {
    const { requests } = mockFetch({ body: {} });
    const router = renderButton({ invoiceId: 42, canCreateInvoice: true });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await screen.findByText('Schedule form');
    expect(router.state.location.search).toBe('?invoiceId=42');
    expect(requests).toEqual([]);
  });

  it('without an invoice: asks, creates it, says so and opens the form for the new invoice', async () => {
    const { requests } = mockFetch({ status: 201, body: { invoiceId: 91, created: true } });
    const router = renderButton({ invoiceId: null, canCreateInvoice: true });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(/Service vehicle 7 has no invoice yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create invoice and schedule' }));
    await screen.findByText('Schedule form');
    expect(router.state.location.search).toBe('?invoiceId=91');
    expect(requests[0].pathname).toBe('/api/Invoices/createInvoiceFromServiceVehicle/7');
    expect(toasts).toEqual(['Invoice created from this service vehicle']);
  });

  it('an invoice made meanwhile (created: false) is named, and its form opens', async () => {
    mockFetch({ body: { invoiceId: 55, created: false } });
    const router = renderButton({ invoiceId: null, canCreateInvoice: true });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create invoice and schedule' }));
    await screen.findByText('Schedule form');
    expect(router.state.location.search).toBe('?invoiceId=55');
    expect(toasts).toEqual(['This service vehicle already had invoice 55; scheduling on it.']);
  });

  it('is not offered without an invoice to a user who may not create one', () => {
    renderButton({ invoiceId: null, canCreateInvoice: false });
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull();
  });
});
