import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isConsecutiveRun,
  isRepeatedDigit,
  newPasswordProblems,
  validatePasswordChange,
} from './password.js';

const valid = { currentPassword: '111111', newPassword: '483920', confirmPassword: '483920' };

describe('validatePasswordChange (spec 1 §5 "Change password")', () => {
  it('accepts a valid change', () => {
    expect(validatePasswordChange(valid)).toEqual({
      ok: true,
      messages: [],
      missingMandatory: false,
      summary: undefined,
    });
  });

  it("Current password required: 'Current Password Required'", () => {
    const r = validatePasswordChange({ ...valid, currentPassword: '' });
    expect(r.messages).toEqual(['Current Password Required']);
    expect(r.missingMandatory).toBe(true);
  });

  it("New password required: 'New Password Required'", () => {
    const r = validatePasswordChange({ ...valid, newPassword: undefined, confirmPassword: '483920' });
    expect(r.messages).toContain('New Password Required');
    expect(r.missingMandatory).toBe(true);
  });

  it("It must be exactly 6 characters: 'New Password must have 6 digits'", () => {
    for (const pin of ['12345', '1234567', '48a920']) {
      const r = validatePasswordChange({ ...valid, newPassword: pin, confirmPassword: pin });
      expect(r.messages).toEqual(['New Password must have 6 digits']);
    }
  });

  it("It must not be a run of consecutive digits: 'New Password cannot have consecutive digits'", () => {
    for (const pin of ['123456', '654321', '012345', '987654']) {
      const r = validatePasswordChange({ ...valid, newPassword: pin, confirmPassword: pin });
      expect(r.messages).toEqual(['New Password cannot have consecutive digits']);
    }
  });

  it("It must not be one digit repeated 6 times: 'New Password cannot have the same digits repeated'", () => {
    const r = validatePasswordChange({ ...valid, newPassword: '777777', confirmPassword: '777777' });
    expect(r.messages).toEqual(['New Password cannot have the same digits repeated']);
  });

  it("Confirmation required: 'New Password Confirmation Required'", () => {
    const r = validatePasswordChange({ ...valid, confirmPassword: null });
    expect(r.messages).toEqual(['New Password Confirmation Required']);
    expect(r.missingMandatory).toBe(true);
  });

  it("It must match: 'Password does not match'", () => {
    const r = validatePasswordChange({ ...valid, confirmPassword: '483921' });
    expect(r.messages).toEqual(['Password does not match']);
    expect(r.missingMandatory).toBe(false);
  });

  it("Missing mandatory fields give 'Please fill the missing mandatory fields.'", () => {
    const r = validatePasswordChange({});
    expect(r.ok).toBe(false);
    expect(r.summary).toBe('Please fill the missing mandatory fields.');
    expect(r.messages).toEqual([
      'Current Password Required',
      'New Password Required',
      'New Password Confirmation Required',
    ]);
  });

  it("other failures give 'Please review the following fields.'", () => {
    const r = validatePasswordChange({ ...valid, newPassword: '123456', confirmPassword: '123457' });
    expect(r.summary).toBe('Please review the following fields.');
    expect(r.messages).toEqual(['New Password cannot have consecutive digits', 'Password does not match']);
  });

  it('a missing field wins the summary even when other rules also fail', () => {
    const r = validatePasswordChange({
      currentPassword: '',
      newPassword: '111111',
      confirmPassword: '111111',
    });
    expect(r.summary).toBe('Please fill the missing mandatory fields.');
  });
});

describe('newPasswordProblems (initial password set by an admin)', () => {
  it('returns no problem for a good code', () => {
    expect(newPasswordProblems('203948')).toEqual([]);
  });
  it('applies the same rules as the change-password form', () => {
    expect(newPasswordProblems('')).toEqual(['New Password Required']);
    expect(newPasswordProblems('12')).toEqual(['New Password must have 6 digits']);
    expect(newPasswordProblems('345678')).toEqual(['New Password cannot have consecutive digits']);
    expect(newPasswordProblems('000000')).toEqual(['New Password cannot have the same digits repeated']);
  });
  it('any 6-digit code that is neither a run nor a repeat is accepted', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), (pin) => {
        const ok = newPasswordProblems(pin).length === 0;
        expect(ok).toBe(!isConsecutiveRun(pin) && !isRepeatedDigit(pin));
      }),
    );
  });
  it('runs do not wrap around 9 → 0', () => {
    expect(isConsecutiveRun('890123')).toBe(false);
    expect(isConsecutiveRun('789012')).toBe(false);
  });
});
