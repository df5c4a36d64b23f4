import { svCreateBody } from '@glass/domain/contracts/service-vehicles';
import { VIN_CHARACTER_COUNT } from '@glass/domain/rules/vin';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, queryWrapper } from '../../query/test-utils';
import { NewServiceVehiclePage } from './new-service-vehicle-page';
import { CREATE_FIELDS } from './sv-create-fields';
import { stubLayout } from '../../ui/test-stubs';

vi.mock('../../api/use-session', () => ({
  useSessionState: () => ({
    user: { facility: { id: 1 } },
    facilities: [{ id: 1, name: 'Main', shortName: 'M' }],
  }),
}));

beforeEach(() => {
  stubLayout();
  mockFetch({ body: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const { wrapper: Wrapper } = queryWrapper();
  const router = createMemoryRouter([{ path: '/new-service-vehicle', element: <NewServiceVehiclePage /> }], {
    initialEntries: ['/new-service-vehicle'],
  });
  return render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The schema's own declared length, read from zod, not through the helpers the form uses. */
const declared = (schema: unknown) => {
  let s = schema as { unwrap?: () => unknown; maxLength?: number | null };
  while (typeof s.unwrap === 'function') s = s.unwrap() as typeof s;
  return s.maxLength;
};

describe('New Service Vehicle form', () => {
  it('takes its input limits from the request schema (svCreateBody)', () => {
    renderPage();
    const vehicle = svCreateBody.shape.vehicle.unwrap().shape;
    const customer = svCreateBody.shape.customer.unwrap().shape;
    expect(input('Make').maxLength).toBe(declared(vehicle.make));
    expect(input('Model').maxLength).toBe(declared(vehicle.model));
    expect(input('License tag').maxLength).toBe(declared(vehicle.licenseTag));
    expect(input('RO number').maxLength).toBe(
      declared(svCreateBody.shape.repairOrder.unwrap().shape.repairOrderNumber),
    );
    expect(input('Customer first name').maxLength).toBe(declared(customer.firstName));
    expect(input('Customer last name').maxLength).toBe(declared(customer.lastName));
    expect(input('VIN').maxLength).toBe(VIN_CHARACTER_COUNT);
    expect(input('Year').getAttribute('aria-valuemin')).toBe('1900');
    expect(input('Year').getAttribute('aria-valuemax')).toBe('2100');
    expect(CREATE_FIELDS.make).toBe(vehicle.make);
  });

  it("refuses a too-long value and a short phone with the schema's rules before sending", async () => {
    const { fetchMock } = mockFetch({ body: [] });
    renderPage();
    const limit = declared(CREATE_FIELDS.make) as number;
    // A paste or an autofill can bypass maxlength; the rule still holds the schema's limit.
    fireEvent.change(input('Make'), { target: { value: 'x'.repeat(limit + 1) } });
    fireEvent.change(input('Customer phone'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(`At most ${limit} characters`)).toBeTruthy();
    expect(await screen.findByText('Phone must have 7 to 15 digits')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
