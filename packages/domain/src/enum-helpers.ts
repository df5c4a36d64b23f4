/** The values of a const object, e.g. `ValueOf<typeof PaymentType>` is `0 | 1 | 2 | 4 | 5 | 6 | 7 | 8`. */
export type ValueOf<T> = T[keyof T];

/** A select option as antd `Select`/`Radio` expect it. */
export interface EnumOption<V extends string | number> {
  readonly value: V;
  readonly label: string;
}

/** Options in the order written, which is the order drop-downs show. */
export function optionsOf<V extends string | number>(
  entries: ReadonlyArray<readonly [V, string]>,
): ReadonlyArray<EnumOption<V>> {
  return entries.map(([value, label]) => ({ value, label }));
}

/**
 * A label lookup that tolerates unknown, null or undefined ids: ids arrive from the server and
 * older records can carry values the app no longer lists, so they show the fallback instead of failing.
 */
export function labelOf<V extends string | number>(options: ReadonlyArray<EnumOption<V>>, fallback = '') {
  const byValue = new Map<string, string>(options.map((o) => [String(o.value), o.label]));
  return (value: V | number | string | null | undefined): string =>
    value === null || value === undefined ? fallback : (byValue.get(String(value)) ?? fallback);
}
