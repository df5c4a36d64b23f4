import { ODataError } from './odata-error.js';
import type { ResourceIndex } from './resource-index.js';

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * Resolves `$select` to declared keys, in declaration order. An item may name a field, a
 * group of fields ("vehicle" for every "vehicle/…"), `*`, or a navigation (no effect: what is
 * expanded is decided by `$expand`). Without `$select`, every selectable field is returned.
 */
export function resolveSelect(text: string | undefined, index: ResourceIndex, field = '$select'): string[] {
  const selectable = (key: string) => index.fields.get(key.toLowerCase())!.field.select !== false;
  if (text === undefined) return index.keys.filter(selectable);
  const chosen = new Set<string>();
  let offset = 0;
  for (const raw of text.split(',')) {
    const item = raw.trim();
    const pos = offset + raw.indexOf(item) + 1;
    offset += raw.length + 1;
    if (item === '*') {
      for (const key of index.keys) if (selectable(key)) chosen.add(key);
      continue;
    }
    if (!PATH.test(item)) {
      throw new ODataError(
        `Syntax error at position ${pos}: expected a property name but found '${item}'`,
        field,
      );
    }
    const lower = item.toLowerCase();
    const one = index.fields.get(lower);
    if (one) {
      if (one.field.select === false) throw new ODataError(`Property '${one.key}' cannot be selected`, field);
      chosen.add(one.key);
    } else if (index.groups.has(lower)) {
      for (const key of index.groups.get(lower)!) if (selectable(key)) chosen.add(key);
    } else if (!index.expands.has(lower)) {
      throw new ODataError(`Unknown property '${item}' in ${field}`, field);
    }
  }
  return index.keys.filter((k) => chosen.has(k));
}
