/**
 * A typed OData `$filter` builder keyed by the row's field names (nested objects as `a/b` paths, the
 * server's spelling), so the screens never concatenate filter text by hand:
 *
 *   odataFilter<InvoiceListRow>().eq('facilityId', 3).contains('vin', "o'neil").between('openDateTime', from, to)
 *   → "facilityId eq 3 and contains(vin,'o''neil') and openDateTime ge … and openDateTime le …"
 *
 * Literals: text in single quotes with quotes doubled, dates as ISO 8601 (UTC), null as `null`; a number
 * that is not finite is refused (it would be no OData literal).
 */

type Scalar = string | number | boolean | Date;

/** The field paths of a row: its keys, and `key/sub` for the keys of a nested object. */
export type FieldPath<Row> = {
  [K in keyof Row & string]: NonNullable<Row[K]> extends Scalar | readonly unknown[]
    ? K
    : NonNullable<Row[K]> extends object
      ? K | `${K}/${keyof NonNullable<Row[K]> & string}`
      : K;
}[keyof Row & string];

/** The type of the value at a path (`vehicle/vin` → the type of `vehicle.vin`). */
export type ValueAt<Row, P extends string> = P extends `${infer Head}/${infer Rest}`
  ? Head extends keyof Row
    ? ValueAt<NonNullable<Row[Head]>, Rest>
    : never
  : P extends keyof Row
    ? Row[P]
    : never;

/** What a comparison accepts for a field: its own type (a date-time text also as a Date) or null. */
export type FilterValue<T> =
  | (NonNullable<T> extends string
      ? string | Date
      : NonNullable<T> extends number
        ? number
        : NonNullable<T> extends boolean
          ? boolean
          : Scalar)
  | null;

/** One OData literal: 'text' (quotes doubled), a number, true/false, an ISO date-time or null. */
export function odataLiteral(value: Scalar | null): string {
  if (value === null) return 'null';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('An invalid date is no OData literal');
    return value.toISOString();
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`${value} is no OData literal`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${value.replace(/'/g, "''")}'`;
}

type Operator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export class ODataFilter<Row> {
  private readonly parts: string[] = [];

  constructor(private readonly joiner: 'and' | 'or' = 'and') {}

  private compare<P extends FieldPath<Row>>(field: P, op: Operator, value: FilterValue<ValueAt<Row, P>>) {
    this.parts.push(`${field} ${op} ${odataLiteral(value as Scalar | null)}`);
    return this;
  }

  eq<P extends FieldPath<Row>>(field: P, value: FilterValue<ValueAt<Row, P>>): this {
    return this.compare(field, 'eq', value);
  }
  ne<P extends FieldPath<Row>>(field: P, value: FilterValue<ValueAt<Row, P>>): this {
    return this.compare(field, 'ne', value);
  }
  gt<P extends FieldPath<Row>>(field: P, value: FilterValue<ValueAt<Row, P>>): this {
    return this.compare(field, 'gt', value);
  }
  ge<P extends FieldPath<Row>>(field: P, value: FilterValue<ValueAt<Row, P>>): this {
    return this.compare(field, 'ge', value);
  }
  lt<P extends FieldPath<Row>>(field: P, value: FilterValue<ValueAt<Row, P>>): this {
    return this.compare(field, 'lt', value);
  }
  le<P extends FieldPath<Row>>(field: P, value: FilterValue<ValueAt<Row, P>>): this {
    return this.compare(field, 'le', value);
  }

  /** `contains(field,'text')`. */
  contains<P extends FieldPath<Row>>(field: P, text: string): this {
    this.parts.push(`contains(${field},${odataLiteral(text)})`);
    return this;
  }

  /** `field ge from and field le to`; a missing bound is left out. */
  between<P extends FieldPath<Row>>(
    field: P,
    from: FilterValue<ValueAt<Row, P>> | undefined,
    to: FilterValue<ValueAt<Row, P>> | undefined,
  ): this {
    if (from !== undefined) this.ge(field, from);
    if (to !== undefined) this.le(field, to);
    return this;
  }

  /** A parenthesised group whose conditions are joined by `or` (left out when the group is empty). */
  anyOf(build: (group: ODataFilter<Row>) => unknown): this {
    const group = new ODataFilter<Row>('or');
    build(group);
    if (!group.isEmpty) this.parts.push(`(${group.toString()})`);
    return this;
  }

  /** A parenthesised group whose conditions are joined by `and` (inside an `anyOf`). */
  allOf(build: (group: ODataFilter<Row>) => unknown): this {
    const group = new ODataFilter<Row>('and');
    build(group);
    if (!group.isEmpty) this.parts.push(`(${group.toString()})`);
    return this;
  }

  get isEmpty(): boolean {
    return this.parts.length === 0;
  }

  /** The `$filter` text ('' when no condition was added). */
  toString(): string {
    return this.parts.join(` ${this.joiner} `);
  }

  /** The `$filter` parameter: undefined when no condition was added (the request then carries none). */
  build(): string | undefined {
    return this.isEmpty ? undefined : this.toString();
  }
}

/** A new `and` filter over the fields of Row. */
export const odataFilter = <Row>() => new ODataFilter<Row>();
