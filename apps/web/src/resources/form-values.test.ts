import { mailboxes, PASSWORDS_DO_NOT_MATCH } from '@glass/domain/resources/mailboxes';
import { describe, expect, it } from 'vitest';
import { createValues, editValues, namePath, problemFields, validateValues } from './form-values';

describe('resource form mappers', () => {
  it('turns declaration paths and problem keys into antd name paths', () => {
    expect(namePath('address/line1')).toEqual(['address', 'line1']);
    expect(namePath('attributes.0.value')).toEqual(['attributes', 0, 'value']);
  });

  it('starts a new record with the schema defaults', () => {
    expect(createValues(mailboxes)).toEqual({ port: 587, isActive: true });
  });

  it('edits a row without its write-only secret, null as empty', () => {
    const values = editValues(mailboxes, {
      id: 4,
      name: 'Main',
      brandId: null,
      smtpServer: 'smtp.example.com',
      port: 25,
      account: 'a',
      fromEmail: 'a@example.com',
      isActive: false,
      password: 'never sent back',
    });
    expect(values).toMatchObject({ name: 'Main', brandId: undefined, port: 25, isActive: false });
    expect(values).not.toHaveProperty('password');
  });

  it('names each field the schema or a create-only rule refuses', () => {
    const result = validateValues(
      mailboxes,
      { name: 'Main', smtpServer: 'smtp.example.com', account: 'a', fromEmail: 'a@example.com' },
      'create',
    );
    expect(result).toEqual({ ok: false, fields: [{ name: ['password'], errors: ['Password is required'] }] });

    const mismatch = validateValues(
      mailboxes,
      {
        name: 'Main',
        smtpServer: 'smtp.example.com',
        account: 'a',
        fromEmail: 'a@example.com',
        password: 'x',
        confirmPassword: 'y',
      },
      'update',
    );
    expect(mismatch).toEqual({
      ok: false,
      fields: [{ name: ['confirmPassword'], errors: [PASSWORDS_DO_NOT_MATCH] }],
    });
  });

  it('gives the parsed body when the values are valid (defaults filled in)', () => {
    const result = validateValues(
      mailboxes,
      { name: 'Main', smtpServer: 'smtp.example.com', account: 'a', fromEmail: 'a@example.com' },
      'update',
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.body).toMatchObject({ name: 'Main', port: 587, isActive: true });
  });

  it("maps a 400 problem's errors to the fields", () => {
    expect(problemFields({ 'address.line1': ['Line 1 is required'], name: ['Too long'] })).toEqual([
      { name: ['address', 'line1'], errors: ['Line 1 is required'] },
      { name: ['name'], errors: ['Too long'] },
    ]);
    expect(problemFields(undefined)).toEqual([]);
  });
});
