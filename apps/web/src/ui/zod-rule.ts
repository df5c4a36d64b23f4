import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * Form rules and input limits from the domain contract's request schemas (packages/domain/src/contracts),
 * so a form checks what the server checks and a limit (50 characters, 1900–2100) is written once.
 */

/** What a form input holds for "empty": the request sends null for it. */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A readable message for one zod issue (the contract's own message when it names one). */
function message(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    return issue.origin === 'string' ? `At most ${max} characters` : `At most ${max.toLocaleString('en-US')}`;
  }
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    return issue.origin === 'string'
      ? `At least ${min} characters`
      : `At least ${min.toLocaleString('en-US')}`;
  }
  if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Must be a whole number';
  return issue.message;
}

/**
 * An antd Form rule that validates the field's value with its contract schema
 * (`zodRule(invoicePatchFields.shape.vehicleMake)`). A blank input is checked as null or as left out
 * (what the request sends), so an optional field may stay empty; `required` makes it a "Required" error.
 */
export function zodRule(schema: z.ZodType, opts: { required?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (blank(value)) {
        if (opts.required) throw new Error('Required');
        // The request sends null for it, or leaves the key out (an optional field such as a line number).
        if (schema.safeParse(null).success || schema.safeParse(undefined).success) return;
        throw new Error('Required');
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new Error(message(parsed.error.issues[0]));
    },
  };
}

type Bag = { maxLength?: number | null; minValue?: number | null; maxValue?: number | null };

/** The string or number schema inside nullable/optional wrappers and preprocess pipes. */
function inner(schema: z.ZodType): Bag {
  let s = schema as unknown as { unwrap?: () => unknown; out?: unknown } & Bag;
  for (let i = 0; i < 8; i++) {
    if (typeof s.unwrap === 'function') s = s.unwrap() as typeof s;
    else if (s.out && typeof s.out === 'object') s = s.out as typeof s;
    else break;
  }
  return s;
}

/** The input limits a contract schema declares: `maxLength` of text, `min`/`max` of numbers. */
export function limitsOf(schema: z.ZodType): { maxLength?: number; min?: number; max?: number } {
  const s = inner(schema);
  const out: { maxLength?: number; min?: number; max?: number } = {};
  if (typeof s.maxLength === 'number') out.maxLength = s.maxLength;
  if (typeof s.minValue === 'number' && Number.isFinite(s.minValue)) out.min = s.minValue;
  if (typeof s.maxValue === 'number' && Number.isFinite(s.maxValue)) out.max = s.maxValue;
  return out;
}
