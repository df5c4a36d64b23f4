import { describe, expect, it } from 'vitest';
import { odataFilter, odataLiteral } from './odata-filter';

interface Row {
  id: number;
  facilityId?: number | null;
  vin?: string | null;
  createdAt?: string | null;
  void?: boolean;
  vehicle?: { make?: string | null; year?: number | null } | null;
}

describe('odataLiteral', () => {
  it('quotes text and doubles single quotes', () => {
    expect(odataLiteral("O'Neil's")).toBe("'O''Neil''s'");
    expect(odataLiteral("''")).toBe("''''''");
    expect(odataLiteral('')).toBe("''");
  });

  it('keeps characters that only matter to the URL (the HTTP client encodes them)', () => {
    expect(odataLiteral('a&b=c%20 #?')).toBe("'a&b=c%20 #?'");
  });

  it('writes dates as ISO 8601 UTC, numbers, booleans and null as OData literals', () => {
    expect(odataLiteral(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z');
    expect(odataLiteral(3)).toBe('3');
    expect(odataLiteral(-1.5)).toBe('-1.5');
    expect(odataLiteral(true)).toBe('true');
    expect(odataLiteral(false)).toBe('false');
    expect(odataLiteral(null)).toBe('null');
  });

  it('refuses values that are no literal', () => {
    expect(() => odataLiteral(Number.NaN)).toThrow(RangeError);
    expect(() => odataLiteral(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => odataLiteral(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('odataFilter', () => {
  it('joins conditions with and, in the order they were added', () => {
    const from = new Date(Date.UTC(2026, 0, 1));
    const to = new Date(Date.UTC(2026, 0, 31, 23, 59, 59, 999));
    const filter = odataFilter<Row>()
      .eq('facilityId', 3)
      .contains('vin', "ab'c")
      .between('createdAt', from, to)
      .ne('void', true);
    expect(filter.toString()).toBe(
      "facilityId eq 3 and contains(vin,'ab''c') and createdAt ge 2026-01-01T00:00:00.000Z and createdAt le 2026-01-31T23:59:59.999Z and void ne true",
    );
  });

  it('is empty (no $filter parameter) without conditions', () => {
    const filter = odataFilter<Row>();
    expect(filter.isEmpty).toBe(true);
    expect(filter.toString()).toBe('');
    expect(filter.build()).toBeUndefined();
  });

  it('names nested fields as paths and groups alternatives in parentheses', () => {
    const filter = odataFilter<Row>().anyOf((any) =>
      any.contains('vehicle/make', 'honda').eq('vehicle/year', 2019).eq('vin', null),
    );
    expect(filter.build()).toBe("(contains(vehicle/make,'honda') or vehicle/year eq 2019 or vin eq null)");
  });

  it('leaves out an empty group and a missing bound', () => {
    const filter = odataFilter<Row>()
      .anyOf(() => {})
      .between('createdAt', undefined, '2026-02-01T00:00:00.000Z');
    expect(filter.build()).toBe("createdAt le '2026-02-01T00:00:00.000Z'");
  });

  it('nests and-groups inside or-groups', () => {
    const filter = odataFilter<Row>()
      .eq('id', 1)
      .anyOf((any) => any.allOf((all) => all.gt('id', 1).lt('id', 9)).eq('void', false));
    expect(filter.build()).toBe('id eq 1 and ((id gt 1 and id lt 9) or void eq false)');
  });

  it('keeps an injection attempt inside its literal', () => {
    const filter = odataFilter<Row>().contains('vin', "x') or (1 eq 1");
    expect(filter.build()).toBe("contains(vin,'x'') or (1 eq 1')");
  });

  it('types the fields: an unknown field or a wrong value type does not compile', () => {
    // @ts-expect-error not a field of Row
    odataFilter<Row>().eq('nope', 1);
    // @ts-expect-error facilityId is a number
    odataFilter<Row>().eq('facilityId', '3');
    // @ts-expect-error not a field of the nested object
    odataFilter<Row>().contains('vehicle/vin', 'a');
    expect(true).toBe(true);
  });
});
