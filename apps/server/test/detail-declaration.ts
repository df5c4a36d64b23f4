import { z } from 'zod';
import { type DetailDeclaration, isJson } from '../src/odata/detail-object.js';

/** The schema at a path of a contract (`vehicle/year`), through nullable wrappers. */
function contractAt(contract: z.ZodType, path: string): z.ZodType | undefined {
  let schema: z.ZodType | undefined = contract;
  for (const part of path.split('/')) {
    while (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional)
      schema = schema.unwrap() as z.ZodType;
    schema = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>)[part] : undefined;
  }
  return schema;
}

/**
 * Where a detail declaration and its response contract disagree: a declared path the contract lacks, or a
 * type or nullability that differs. Empty when they agree (the detail-fields tests of each area).
 */
export function contractMismatches(declaration: DetailDeclaration, contract: z.ZodType): string[] {
  const wrong: string[] = [];
  for (const [path, entry] of Object.entries(declaration)) {
    const schema = contractAt(contract, path);
    if (!schema) wrong.push(`${path}: not in the contract`);
    if (isJson(entry) || !schema) continue;
    if (schema.safeParse(null).success === Boolean(entry.notNull))
      wrong.push(`${path}: ${entry.notNull ? 'never null' : 'nullable'} here, not in the contract`);
    const sample = { number: 1, string: 'x', datetime: '2026-01-01T00:00:00+00:00', boolean: true }[
      entry.type as 'number' | 'string' | 'datetime' | 'boolean'
    ];
    if (!schema.safeParse(sample).success) wrong.push(`${path}: ${entry.type} here, not in the contract`);
  }
  return wrong;
}
