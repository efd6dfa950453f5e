import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../test/expect-invalid.js';
import {
  activationTokenSchema,
  changePasswordSchema,
  emailCodeSchema,
  emailSchema,
  forgotPasswordSchema,
  loginSchema,
  newPasswordSchema,
  resetPasswordSchema,
  verifyMailSchema,
} from './index.js';

describe('emailSchema', () => {
  it('accepts real addresses, trimmed', () => {
    for (const email of ['a@b.co', 'first.last+tag@sub.example.com.ng', "o'brien@example.org", 'UPPER@Example.COM']) {
      expect(emailSchema.parse(`  ${email} `)).toBe(email);
    }
  });
  it('requires a value', () => {
    for (const value of ['', '   ', undefined, null, 42]) {
      expectInvalid(emailSchema, value, { root: 'Email is required' });
    }
  });
  it('rejects what is not an address', () => {
    for (const value of ['plain', 'a@', '@b.co', 'a@b', 'a b@c.co', 'a@b..co']) {
      expectInvalid(emailSchema, value, { root: 'Email is not valid' });
    }
  });
});

describe('loginSchema', () => {
  it('accepts an email and a password of at least 8 characters', () => {
    expect(loginSchema.parse({ email: ' ada@example.com ', password: '12345678' })).toEqual({
      email: 'ada@example.com',
      password: '12345678',
    });
  });
  it('keeps spaces in the password', () => {
    expect(loginSchema.parse({ email: 'a@b.co', password: ' secret  ' }).password).toBe(' secret  ');
  });
  it('requires the password and its minimum length', () => {
    expectInvalid(loginSchema, { email: 'a@b.co', password: '' }, { password: 'Password is required' });
    expectInvalid(loginSchema, { email: 'a@b.co' }, { password: 'Password is required' });
    expectInvalid(loginSchema, { email: 'a@b.co', password: '1234567' }, { password: 'Password must be at least 8 characters' });
  });
  it('requires the email', () => {
    expectInvalid(loginSchema, { email: '', password: '12345678' }, { email: 'Email is required' });
  });
});

describe('activationTokenSchema', () => {
  it('accepts exactly 6 word characters, trimmed', () => {
    expect(activationTokenSchema.parse({ token: 'aB3_x9' })).toEqual({ token: 'aB3_x9' });
    expect(activationTokenSchema.parse({ token: ' 123456 ' })).toEqual({ token: '123456' });
  });
  it("says 'token is invalid' for every failure", () => {
    for (const token of ['', '12345', '1234567', 'abc-12', 'abc 12', 'ab€123', undefined, 123456]) {
      expectInvalid(activationTokenSchema, { token }, { token: 'token is invalid' });
    }
  });
});

describe('newPasswordSchema', () => {
  const ok = { password: 'Secret#pw', confirm_password: 'Secret#pw' };

  it('accepts a strong password confirmed', () => {
    expect(newPasswordSchema.parse(ok)).toEqual(ok);
    expect(newPasswordSchema.parse({ password: '1abcdefG', confirm_password: '1abcdefG' }).password).toBe('1abcdefG');
  });
  it('needs at least 8 characters', () => {
    expectInvalid(newPasswordSchema, { password: 'Ab1', confirm_password: 'Ab1' }, { password: 'Password must be at least 8 characters' });
    expectInvalid(newPasswordSchema, { password: '', confirm_password: '' }, { password: 'Password must be at least 8 characters', confirm_password: 'Confirm your password' });
  });
  it('needs a lowercase letter', () => {
    expectInvalid(newPasswordSchema, { password: 'SECRET#PW', confirm_password: 'SECRET#PW' }, { password: 'Password must contain at least 1 lowercase letter' });
  });
  it('needs an uppercase letter', () => {
    expectInvalid(newPasswordSchema, { password: 'secret#pw', confirm_password: 'secret#pw' }, { password: 'Password must contain at least 1 uppercase letter' });
  });
  it('needs a number or special character', () => {
    expectInvalid(newPasswordSchema, { password: 'SecretPw', confirm_password: 'SecretPw' }, { password: 'At least 1 number or special character (@,!,#, etc).' });
    expectInvalid(newPasswordSchema, { password: 'Secret Pw', confirm_password: 'Secret Pw' }, { password: 'At least 1 number or special character (@,!,#, etc).' });
  });
  it('reports every failing password rule', () => {
    const result = newPasswordSchema.safeParse({ password: 'abc', confirm_password: 'abc' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least 1 uppercase letter',
      'At least 1 number or special character (@,!,#, etc).',
    ]);
  });
  it('requires the confirmation and that it matches', () => {
    expectInvalid(newPasswordSchema, { password: 'Secret#pw', confirm_password: '' }, { confirm_password: 'Confirm your password' });
    expectInvalid(newPasswordSchema, { password: 'Secret#pw' }, { confirm_password: 'Confirm your password' });
    expectInvalid(newPasswordSchema, { password: 'Secret#pw', confirm_password: 'Secret#px' }, { confirm_password: 'Passwords must match' });
  });
  it('reports a mismatch even when the password itself fails', () => {
    expectInvalid(newPasswordSchema, { password: 'short', confirm_password: 'other' }, { password: 'Password must be at least 8 characters', confirm_password: 'Passwords must match' });
  });
});

describe('changePasswordSchema', () => {
  const ok = { current_password: ' old pass ', password: 'Secret#pw', confirm_password: 'Secret#pw' };

  it('takes the current password as typed (not trimmed) with the new one', () => {
    expect(changePasswordSchema.parse(ok)).toEqual(ok);
  });
  it('requires the current password', () => {
    for (const current_password of ['', undefined, null, 42]) {
      expectInvalid(changePasswordSchema, { ...ok, current_password }, { current_password: 'Enter your current password' });
    }
  });
  it("keeps the new password's rules and messages beside it", () => {
    expectInvalid(changePasswordSchema, { current_password: '', password: 'secret#pw', confirm_password: 'nope' }, {
        current_password: 'Enter your current password',
        password: 'Password must contain at least 1 uppercase letter',
        confirm_password: 'Passwords must match',
      });
    expectInvalid(changePasswordSchema, { current_password: 'x', password: '', confirm_password: '' }, { password: 'Password must be at least 8 characters', confirm_password: 'Confirm your password' });
  });
});

describe('resetPasswordSchema', () => {
  it('adds the token of the reset link', () => {
    expect(resetPasswordSchema.parse({ password: 'Secret#pw', confirm_password: 'Secret#pw', token: 'abc' })).toEqual({
      password: 'Secret#pw',
      confirm_password: 'Secret#pw',
      token: 'abc',
    });
  });
  it('keeps the password rules and the match rule', () => {
    expectInvalid(resetPasswordSchema, { password: 'Secret#pw', confirm_password: 'nope', token: '' }, { token: 'token is invalid', confirm_password: 'Passwords must match' });
  });
});

describe('forgotPasswordSchema', () => {
  it('needs a valid email', () => {
    expect(forgotPasswordSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
    expectInvalid(forgotPasswordSchema, { email: 'nope' }, { email: 'Email is not valid' });
  });
});

describe('verifyMailSchema', () => {
  it('trims and lowercases the email typed at the get-code step', () => {
    expect(verifyMailSchema.parse({ email: '  Ada.Lovelace@Example.COM ' })).toEqual({ email: 'ada.lovelace@example.com' });
  });
  it('keeps the email messages', () => {
    expectInvalid(verifyMailSchema, { email: ' ' }, { email: 'Email is required' });
    expectInvalid(verifyMailSchema, { email: 'Ada@' }, { email: 'Email is not valid' });
  });
});

describe('emailCodeSchema', () => {
  it('accepts a numeric code of at least 4 digits with the lowercased email', () => {
    expect(emailCodeSchema.parse({ email: 'A@B.co', token: ' 123456 ' })).toEqual({ email: 'a@b.co', token: '123456' });
    expect(emailCodeSchema.parse({ email: 'a@b.co', token: '0042' }).token).toBe('0042');
  });
  it('requires the code', () => {
    expectInvalid(emailCodeSchema, { email: 'a@b.co', token: '' }, { token: 'Code is required' });
  });
  it('needs digits only', () => {
    expectInvalid(emailCodeSchema, { email: 'a@b.co', token: '12a4' }, { token: 'Code must contain only numbers' });
  });
  it('needs at least 4 digits', () => {
    expectInvalid(emailCodeSchema, { email: 'a@b.co', token: '123' }, { token: 'Code must be at least 4 digits' });
  });
});
