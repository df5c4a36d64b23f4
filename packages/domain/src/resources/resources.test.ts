import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.js';
import { columnOf, isWritable, valueAt } from './define.js';
import { RESOURCE_ROUTES, RESOURCES } from './index.js';
import { DECLARED_RESOURCE_ROUTES } from './screens.js';

const topKeys = (key: string) => key.split('/')[0];

describe.each(RESOURCES.map((r) => [r.name, r] as const))('resource %s is consistent', (_name, r) => {
  const props = r.properties;
  const schemaKeys = Object.keys(r.schema.shape);

  it('lives on a spec route and has an id', () => {
    expect(ROUTES.map((x) => x.path)).toContain(r.route);
    expect(props.id?.readOnly).toBe(true);
  });

  it('columns, search, filters and order name readable properties', () => {
    for (const c of r.columns) expect(props[c.key], c.key).toBeDefined();
    for (const k of [
      ...(r.search ?? []),
      ...(r.filters ?? []).map((f) => f.key),
      ...r.defaultOrder.map((o) => o[0]),
    ]) {
      expect(props[k], k).toBeDefined();
      expect(props[k].writeOnly, k).toBeFalsy();
    }
    for (const k of r.search ?? []) expect(props[k].type).toBe('string');
  });

  it('form fields are schema keys, and every writable property is in the schema', () => {
    for (const f of r.form) expect(schemaKeys, f.name).toContain(topKeys(f.name));
    if (!r.write) return;
    for (const [key, p] of Object.entries(props)) {
      if (isWritable(p)) expect(schemaKeys, key).toContain(topKeys(key));
    }
  });

  it('refs point at foreign key properties stored in the table', () => {
    for (const [key, p] of Object.entries(props)) {
      if (!p.ref) continue;
      expect(props[p.ref.via], key).toBeDefined();
      expect(columnOf(p.ref.via, props[p.ref.via])).toBeTruthy();
    }
  });

  it('the example is a valid body and fails when emptied', () => {
    if (!r.write) return;
    const parsed = r.schema.safeParse(r.example);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(r.schema.safeParse({}).success).toBe(false);
    for (const key of r.search ?? []) {
      if (valueAt(r.example as Record<string, unknown>, key) !== undefined) return;
    }
    throw new Error('the example should fill at least one search property');
  });
});

describe('the registry', () => {
  it('the zod-free route list matches the declarations', () => {
    expect([...DECLARED_RESOURCE_ROUTES].sort()).toEqual([...RESOURCE_ROUTES].sort());
  });

  it('names and API paths are unique', () => {
    expect(new Set(RESOURCES.map((r) => r.name)).size).toBe(RESOURCES.length);
    const paths = RESOURCES.flatMap((r) => [
      r.api.list.toLowerCase(),
      ...(r.api.arrays ?? []).map((a) => a.path.toLowerCase()),
    ]);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
