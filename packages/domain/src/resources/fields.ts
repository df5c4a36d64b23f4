/**
 * Zod building blocks for resource bodies, with the messages the form shows under each field.
 * Empty inputs ('' or absent) become null so an update clears the value; every key is present
 * in the parsed output, which is what a full-replacement PUT writes.
 */
import { z } from 'zod';
import { INT_MAX } from '../contracts/limits.js';
import { US_STATES } from '../us-states.js';

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const STATE_CODES = US_STATES.map((s) => s.code) as [string, ...string[]];

export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (label: string, max = 200) =>
  z.preprocess(
    blankToNull,
    z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable(),
  );

/** Text columns that are NOT NULL with an empty default (template subject, attribute default). */
export const textOrEmpty = (label: string, max = 4000) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(max, `${label} must be at most ${max} characters`),
  );

export const optionalEmail = (label = 'Email') =>
  z.preprocess(blankToNull, z.email(`${label} is not a valid e-mail address`).max(200).nullable());

export const requiredEmail = (label = 'Email') =>
  z.email({ error: `${label} is not a valid e-mail address` }).max(200);

/** US phone numbers: 10 digits, punctuation ignored. */
export const optionalPhone = (label = 'Phone') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[^\d]/g, '') : v),
    z.preprocess(
      blankToNull,
      z
        .string()
        .regex(/^\d{10}$/, `${label} must have 10 digits`)
        .nullable(),
    ),
  );

export const optionalState = (label = 'State') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.preprocess(
      blankToNull,
      z.enum(STATE_CODES, { error: `${label} must be one of the 50 US states` }).nullable(),
    ),
  );

export const optionalZip = (label = 'Zip') =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, `${label} must be 5 digits`)
      .nullable(),
  );

/** A reference to another row (brand, facility, user …). */
export const optionalId = (label: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `${label} is not valid` })
      .int()
      .positive()
      .max(INT_MAX, `${label} is not valid`)
      .nullable(),
  );

export const requiredId = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} is required`)
    .positive(`${label} is required`)
    .max(INT_MAX, `${label} is not valid`);

export const optionalMoney = (label: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `${label} must be an amount` })
      .min(0, `${label} cannot be negative`)
      .max(1e9)
      .nullable(),
  );

export const optionalNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`)
      .nullable(),
  );

export const intWithDefault = (label: string, fallback: number, min = 0, max = 1_000_000) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? fallback : v),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

export const flag = (fallback: boolean) =>
  z.preprocess((v) => (v === null || v === undefined ? fallback : v), z.boolean());
