import { z } from 'zod';
import type { ArrayListDef, PropertyDef, ResourceDef } from '../resources/define.js';
import { odataPage } from './common.js';

/**
 * Admin resources (packages/domain/src/resources): their answers are derived from the declarations,
 * so a declared property is a field of the row schema and its type. Every property but the id may be
 * null (the declarations do not say which columns are required); write-only ones are never sent.
 */

const propertySchema = (p: PropertyDef): z.ZodType =>
  p.type === 'number' ? z.number() : p.type === 'boolean' ? z.boolean() : z.string();

/** The row a resource's list, get, create and update answer (`address/line1` nests as `{address: {line1}}`). */
export function resourceRowSchema(def: Pick<ResourceDef, 'properties'>, select?: readonly string[]) {
  type Shape = { [key: string]: z.ZodType | Shape };
  const shape: Shape = {};
  for (const [key, p] of Object.entries(def.properties)) {
    if (p.writeOnly || (select && !select.includes(key))) continue;
    const path = key.split('/');
    let at = shape;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Shape;
    at[path[path.length - 1]] = key === 'id' ? propertySchema(p) : propertySchema(p).nullable();
  }
  const build = (s: Shape): z.ZodObject =>
    z.looseObject(
      Object.fromEntries(
        Object.entries(s).map(([k, v]) => [k, v instanceof z.ZodType ? v : build(v).nullable()]),
      ),
    );
  return build(shape);
}

/** GET {api.list}: an OData page of rows. */
export const resourceListSchema = (def: Pick<ResourceDef, 'properties'>) => odataPage(resourceRowSchema(def));

/** GET {arrays[].path}: a plain array of the selected properties. */
export const resourceArraySchema = (
  def: Pick<ResourceDef, 'properties'>,
  list: Pick<ArrayListDef, 'select'>,
) => z.array(resourceRowSchema(def, list.select));

/** A resource row as the web reads it (declared fields by name). */
export type ResourceRow = Record<string, unknown> & { id: number };
