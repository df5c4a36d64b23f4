import { describe, expect, it } from 'vitest';
import { buildInvoiceFilter, filterProblems, filtersFromParams, finalizingFilter } from './list-api';

const day = (text: string, end = false) =>
  new Date(`${text}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString();

describe('invoice list filters → $filter', () => {
  it('is the date range alone by default (URL without filters)', () => {
    const values = filtersFromParams(new URLSearchParams());
    expect(buildInvoiceFilter(values)).toBe(
      `openDateTime ge ${day(values.from as string)} and openDateTime le ${day(values.to as string, true)}`,
    );
  });

  it('an emptied date means no limit; trimmed text filters only', () => {
    const values = filtersFromParams(new URLSearchParams('from=&to=&vin=%20&soldTo=%20Ann%20'));
    expect(values).toEqual({ from: '', to: '', soldTo: 'Ann' });
    expect(buildInvoiceFilter(values)).toBe("contains(soldTo,'Ann')");
  });

  it('writes the text, flag and choice filters with quotes doubled', () => {
    expect(
      buildInvoiceFilter({
        id: '12',
        reference: "O'Neil",
        vin: "1'2",
        submitted: 'yes',
        void: 'no',
        facility: '3',
        thumb: '-1',
        type: 'repair',
        notes: 'no',
      }),
    ).toBe(
      "id eq 12 and contains(referenceNumber,'O''Neil') and contains(vin,'1''2') and submitted eq true and void ne true and facilityId eq 3 and thumb eq -1 and replacement ne true and notesCount eq 0",
    );
  });

  it('matches each vehicle word to the year, make or model, and the address to line 1, city or zip', () => {
    expect(buildInvoiceFilter({ vehicle: '2019 honda', address: '5th' })).toBe(
      "(contains(vehicleDetails/make,'2019') or contains(vehicleDetails/model,'2019') or vehicleDetails/year eq 2019) and " +
        "(contains(vehicleDetails/make,'honda') or contains(vehicleDetails/model,'honda')) and " +
        "(contains(serviceAddress/line1,'5th') or contains(serviceAddress/city,'5th') or contains(serviceAddress/zip,'5th'))",
    );
  });

  it('leaves out choices that are not numbers or known values', () => {
    expect(buildInvoiceFilter({ facility: 'x', paymentType: '1 or 1 eq 1', thumb: '2', type: 'other' })).toBe(
      '',
    );
  });

  it('names the problems instead of asking the list', () => {
    expect(filterProblems({ id: '12a', from: '2026-02-30', to: '2026-01-01' })).toEqual({
      id: 'Invoice # must be a number',
      from: 'From must be a date',
    });
    expect(filterProblems({ from: '2026-02-01', to: '2026-01-01' })).toEqual({
      to: 'To must not be before From',
    });
  });
});

describe('finalizing find box → $filter', () => {
  it('is an invoice number, or text in sold to or the reference', () => {
    expect(finalizingFilter('  ')).toBeUndefined();
    expect(finalizingFilter(' 42 ')).toBe('id eq 42');
    expect(finalizingFilter("Ann's")).toBe(
      "(contains(soldTo,'Ann''s') or contains(referenceNumber,'Ann''s'))",
    );
    expect(finalizingFilter('1234567890')).toBe(
      "(contains(soldTo,'1234567890') or contains(referenceNumber,'1234567890'))",
    );
  });
});
