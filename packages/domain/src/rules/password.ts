/**
 * Change-password validation, spec 1 §5. All fields are numeric digits. The same single-password
 * rule (`newPasswordProblems`) guards the server when an admin sets an initial password.
 */
import { PASSWORD_LENGTH } from '../constants.js';
import {
  CURRENT_PASSWORD_REQUIRED,
  FILL_MISSING_MANDATORY_FIELDS,
  NEW_PASSWORD_CONFIRMATION_REQUIRED,
  NEW_PASSWORD_CONSECUTIVE,
  NEW_PASSWORD_REPEATED,
  NEW_PASSWORD_REQUIRED,
  NEW_PASSWORD_SIX_DIGITS,
  PASSWORD_DOES_NOT_MATCH,
  REVIEW_FOLLOWING_FIELDS,
} from '../messages/password.js';

export interface PasswordChangeInput {
  currentPassword?: string | null;
  newPassword?: string | null;
  confirmPassword?: string | null;
}

export type PasswordChangeSummary = typeof FILL_MISSING_MANDATORY_FIELDS | typeof REVIEW_FOLLOWING_FIELDS;

export type PasswordChangeResult =
  | { ok: true; messages: []; missingMandatory: false; summary: undefined }
  | { ok: false; messages: string[]; missingMandatory: boolean; summary: PasswordChangeSummary };

const blank = (v: string | null | undefined): boolean => !v || v.trim() === '';

/** True for an ascending or descending run of digits, e.g. 123456, 654321, 012345. */
export function isConsecutiveRun(pin: string): boolean {
  if (!/^\d{2,}$/.test(pin)) return false;
  const step = pin.charCodeAt(1) - pin.charCodeAt(0);
  if (step !== 1 && step !== -1) return false;
  for (let i = 2; i < pin.length; i++) if (pin.charCodeAt(i) - pin.charCodeAt(i - 1) !== step) return false;
  return true;
}

/** True when one digit fills the whole code, e.g. 111111. */
export function isRepeatedDigit(pin: string): boolean {
  return /^(\d)\1+$/.test(pin);
}

/**
 * The problems of one new password, in the spec's order. The run and repeat checks only apply to a
 * well-formed 6-digit code: a wrong length already says everything the user needs to fix.
 */
export function newPasswordProblems(pin: string | null | undefined): string[] {
  if (blank(pin)) return [NEW_PASSWORD_REQUIRED];
  const value = (pin as string).trim();
  if (value.length !== PASSWORD_LENGTH || !/^\d+$/.test(value)) return [NEW_PASSWORD_SIX_DIGITS];
  if (isConsecutiveRun(value)) return [NEW_PASSWORD_CONSECUTIVE];
  if (isRepeatedDigit(value)) return [NEW_PASSWORD_REPEATED];
  return [];
}

/**
 * Messages follow the form's field order. The summary says "fill the missing mandatory fields"
 * whenever any required field is empty, even if other rules fail too: filling them comes first.
 * A confirmation that differs from the new password is reported even when the new one is empty.
 */
export function validatePasswordChange(input: PasswordChangeInput): PasswordChangeResult {
  const messages: string[] = [];
  let missingMandatory = false;

  if (blank(input.currentPassword)) {
    messages.push(CURRENT_PASSWORD_REQUIRED);
    missingMandatory = true;
  }
  const newProblems = newPasswordProblems(input.newPassword);
  if (newProblems.includes(NEW_PASSWORD_REQUIRED)) missingMandatory = true;
  messages.push(...newProblems);

  if (blank(input.confirmPassword)) {
    messages.push(NEW_PASSWORD_CONFIRMATION_REQUIRED);
    missingMandatory = true;
  } else if ((input.confirmPassword ?? '').trim() !== (input.newPassword ?? '').trim()) {
    messages.push(PASSWORD_DOES_NOT_MATCH);
  }

  if (messages.length === 0) return { ok: true, messages: [], missingMandatory: false, summary: undefined };
  return {
    ok: false,
    messages,
    missingMandatory,
    summary: missingMandatory ? FILL_MISSING_MANDATORY_FIELDS : REVIEW_FOLLOWING_FIELDS,
  };
}
