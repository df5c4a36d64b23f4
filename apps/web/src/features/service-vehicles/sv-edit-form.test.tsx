import { svEditFields } from '@glass/domain/contracts/service-vehicles';
import { VIN_CHARACTER_COUNT } from '@glass/domain/rules/vin';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, queryWrapper } from '../../query/test-utils';
import type { SvDetail } from './sv-api';
import { SvEditForm } from './sv-edit-form';
import { stubLayout } from '../../ui/test-stubs';

vi.mock('../../api/use-session', () => ({
  useSessionState: () => ({
    user: { facility: { id: 1 } },
    facilities: [{ id: 1, name: 'Main', shortName: 'M' }],
  }),
}));

beforeEach(() => {
  stubLayout();
  mockFetch({ body: {} });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A stored vehicle as the detail answer gives it (only what the form reads). */
const SV = {
  id: 7,
  facility: { id: 1, name: 'Main', shortName: 'M' },
  paymentTypeId: 0,
  vehicle: { year: 2015, make: 'Honda', model: 'Accord', vin: null, mileage: 42000, sourceId: null },
  repairOrder: { repairOrderNumber: 'RO-1', statusId: -1 },
  customer: null,
  repairCount: 1,
  windshieldChecked: false,
  windshieldNotes: null,
  serviceAdvisorName: null,
  repairQuoteAmount: null,
  replacementQuoteAmount: null,
  images: { roImagePath: null, insuranceCardImagePath: null, windshieldImagePaths: [] },
} as unknown as SvDetail;

function renderForm(onSaved = vi.fn()) {
  const { wrapper: Wrapper } = queryWrapper();
  const element = <SvEditForm sv={SV} sources={[]} onSaved={onSaved} onCancel={() => undefined} />;
  const router = createMemoryRouter([{ path: '/sv/7', element }], { initialEntries: ['/sv/7'] });
  render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return onSaved;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The stored schema's own declaration, read from zod, not through the helpers the form uses. */
const declared = (schema: unknown) => {
  let s = schema as { unwrap?: () => unknown; out?: unknown; maxLength?: number | null; maxValue?: number };
  while (typeof s.unwrap === 'function' || (s.out && typeof s.out === 'object'))
    s = (typeof s.unwrap === 'function' ? s.unwrap() : s.out) as typeof s;
  return s;
};
const F = svEditFields.shape;

describe('Service vehicle edit form', () => {
  it('takes every input limit from the request schema (svEditFields)', () => {
    renderForm();
    const texts = [
      ['VIN', F.vin],
      ['Make', F.vehicleMake],
      ['Model', F.vehicleModel],
      ['Color', F.color],
      ['License tag', F.licenseTag],
      ['License state', F.state],
      ['Service tag', F.serviceTag],
      ['Stock number', F.stockNumber],
      ['RO number', F.roNumber],
      ['Service advisor', F.serviceAdvisorName],
      ['Customer first name', F.firstName],
      ['Customer last name', F.lastName],
      ['Primary phone', F.phone1],
      ['Secondary phone', F.phone2],
      ['Windshield notes', F.windshieldNotes],
    ] as const;
    for (const [label, schema] of texts) {
      expect(declared(schema).maxLength, label).toBeGreaterThan(0);
      expect(input(label).maxLength, label).toBe(declared(schema).maxLength);
    }
    expect(input('VIN').maxLength).toBe(VIN_CHARACTER_COUNT);
    // Numbers typed as text hold the widest value their declared range allows.
    expect(declared(F.vehicleYear).maxValue).toBe(2100);
    expect(input('Year').maxLength).toBe('2100'.length);
    expect(input('Mileage').maxLength).toBe(String(declared(F.mileage).maxValue).length);
    expect(input('Repair quote amount').maxLength).toBe('999999999.99'.length);
    expect(input('Replacement quote amount').maxLength).toBe(
      String(declared(F.replacementQuoteAmount).maxValue).length,
    );
  });

  it("refuses out-of-limit values with the schema's messages before sending", async () => {
    const { fetchMock } = mockFetch({ body: {} });
    const onSaved = renderForm();
    const make = declared(F.vehicleMake).maxLength as number;
    // A paste or an autofill can bypass maxlength; the rules still hold the schema's limits.
    fireEvent.change(input('Make'), { target: { value: 'x'.repeat(make + 1) } });
    fireEvent.change(input('Year'), { target: { value: '1800' } });
    fireEvent.change(input('Mileage'), { target: { value: '12.5' } });
    fireEvent.change(input('Repair quote amount'), { target: { value: '1.005' } });
    fireEvent.change(input('Primary phone'), { target: { value: '713-555-0177 ext. 1234' } });
    fireEvent.change(input('Secondary phone'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`At most ${make} characters`)).toBeTruthy();
    expect(await screen.findByText('Unknown value 1800')).toBeTruthy();
    expect(await screen.findByText('Must be a whole number')).toBeTruthy();
    expect(await screen.findByText('Must be an amount with at most 2 decimals')).toBeTruthy();
    expect(await screen.findByText(`At most ${declared(F.phone1).maxLength} characters`)).toBeTruthy();
    expect(await screen.findByText('Phone must have 7 to 15 digits')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
