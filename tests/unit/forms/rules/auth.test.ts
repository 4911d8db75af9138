import { describe, expect, it } from 'vitest';
import { chars, engine, passwordRuleCases, ruleTable, STRONG_PASSWORDS, validate } from './helpers';

const INVALID_TOKEN = 'Invalid reset token. Please request a new password reset.';

describe('login', () => {
  const FORM = 'auth/login';
  ruleTable(
    FORM,
    { email: 'cagri@example.com', password: 'anything', rememberMe: true },
    [
      {
        name: 'email: invalid',
        patch: { email: 'cagri@' },
        path: 'email',
        rule: 'format.email',
        en: 'Please enter a valid email address',
        tr: 'Lütfen geçerli bir e-posta adresi girin',
      },
      {
        name: 'email: missing',
        patch: { email: undefined },
        path: 'email',
        rule: 'required',
        en: 'Email is required',
      },
      {
        name: 'password: empty',
        patch: { password: '' },
        path: 'password',
        rule: 'minLength',
        en: 'Password is required',
        tr: 'Şifre zorunludur',
      },
      {
        name: 'password: missing',
        patch: { password: undefined },
        path: 'password',
        rule: 'required',
        en: 'Password is required',
        tr: 'Şifre zorunludur',
      },
      {
        name: 'rememberMe: not a boolean',
        patch: { rememberMe: 'yes' },
        path: 'rememberMe',
        rule: 'type',
        en: 'Remember me has an invalid value',
      },
    ],
    [
      { name: 'no rememberMe (optional)', patch: { rememberMe: undefined } },
      { name: 'a weak password (sign-in does not judge strength)', patch: { password: 'a' } },
      {
        name: 'upper-case e-mail (lower-casing is not the schema’s job)',
        patch: { email: 'Cagri@Example.COM' },
      },
    ],
  );
});

describe('forgot password', () => {
  const FORM = 'auth/forgot-password';
  ruleTable(
    FORM,
    { email: 'cagri@example.com' },
    [
      {
        name: 'email: invalid',
        patch: { email: 'not-an-email' },
        path: 'email',
        rule: 'format.email',
        en: 'Please enter a valid email address',
      },
      {
        name: 'email: empty',
        patch: { email: '' },
        path: 'email',
        rule: 'format.email',
        en: 'Please enter a valid email address',
      },
      {
        name: 'email: missing',
        patch: { email: undefined },
        path: 'email',
        rule: 'required',
        en: 'Email is required',
        tr: 'E-posta adresi zorunludur',
      },
      {
        name: 'email: over 254 characters',
        patch: { email: `${chars(250)}@example.com` },
        path: 'email',
        rule: 'maxLength',
        en: 'Email must not exceed 254 characters',
      },
    ],
    [{ name: 'a Turkish domain', patch: { email: 'psikolog@universite.edu.tr' } }],
  );
});

describe('reset password', () => {
  const FORM = 'auth/reset-password';
  ruleTable(
    FORM,
    { token: 'a3f9c1d2e4b5', password: 'Abcdef1!', confirmPassword: 'Abcdef1!' },
    [
      {
        name: 'token: missing',
        patch: { token: undefined },
        path: 'token',
        rule: 'required',
        en: INVALID_TOKEN,
        tr: 'Geçersiz sıfırlama bağlantısı. Lütfen yeni bir şifre sıfırlama isteğinde bulunun.',
      },
      { name: 'token: empty', patch: { token: '' }, path: 'token', rule: 'minLength', en: INVALID_TOKEN },
      {
        name: 'token: not a string',
        patch: { token: 12345 },
        path: 'token',
        rule: 'type',
        en: INVALID_TOKEN,
      },
      ...passwordRuleCases('password', 'confirmPassword'),
      {
        name: 'password: missing',
        patch: { password: undefined },
        path: 'password',
        rule: 'required',
        en: 'Password is required',
      },
      {
        name: 'confirmPassword: differs',
        patch: { confirmPassword: 'Abcdef1@' },
        path: 'confirmPassword',
        rule: 'match',
        en: 'Passwords do not match',
        tr: 'Şifreler eşleşmiyor',
      },
      {
        name: 'confirmPassword: missing',
        patch: { confirmPassword: undefined },
        path: 'confirmPassword',
        rule: 'required',
        en: 'Please confirm your password',
      },
    ],
    STRONG_PASSWORDS.map((p) => ({
      name: `password with ${p.at(-1)}`,
      patch: { password: p, confirmPassword: p },
    })),
  );

  it('the token is carried in a hidden field', () => {
    expect(engine.registry.get(FORM, 1).uiSchema.token).toEqual({ 'ui:widget': 'hidden' });
  });
});

describe('change password', () => {
  const FORM = 'auth/change-password';
  const base = { oldPassword: 'Eski-Sifre1', newPassword: 'Abcdef1!', confirmNewPassword: 'Abcdef1!' };
  ruleTable(
    FORM,
    base,
    [
      {
        name: 'oldPassword: missing',
        patch: { oldPassword: undefined },
        path: 'oldPassword',
        rule: 'required',
        en: 'Current password is required',
        tr: 'Mevcut şifre zorunludur',
      },
      {
        name: 'oldPassword: empty',
        patch: { oldPassword: '' },
        path: 'oldPassword',
        rule: 'minLength',
        en: 'Current password is required',
      },
      ...passwordRuleCases('newPassword', 'confirmNewPassword'),
      {
        name: 'newPassword: missing',
        patch: { newPassword: undefined },
        path: 'newPassword',
        rule: 'required',
        en: 'New password is required',
      },
      {
        name: 'newPassword: same as the current one',
        patch: { oldPassword: 'Abcdef1!' },
        path: 'newPassword',
        rule: 'sameAsOld',
        en: 'New password must be different from current password',
        tr: 'Yeni şifre mevcut şifrenizden farklı olmalıdır',
      },
      {
        name: 'confirmNewPassword: differs',
        patch: { confirmNewPassword: 'Abcdef1?' },
        path: 'confirmNewPassword',
        rule: 'match',
        en: 'Passwords do not match',
        tr: 'Şifreler eşleşmiyor',
      },
      {
        name: 'confirmNewPassword: compared with the new, not the old password',
        patch: { confirmNewPassword: 'Eski-Sifre1' },
        path: 'confirmNewPassword',
        rule: 'match',
        en: 'Passwords do not match',
      },
      {
        name: 'confirmNewPassword: missing',
        patch: { confirmNewPassword: undefined },
        path: 'confirmNewPassword',
        rule: 'required',
        en: 'Please confirm your new password',
      },
    ],
    [
      { name: 'a weak current password (only the new one is judged)', patch: { oldPassword: 'x' } },
      { name: 'a new password differing from the old only in case', patch: { oldPassword: 'abcdef1!' } },
    ],
  );

  it('a missing current password is reported once, not also as "same as old"', () => {
    const errors = validate(FORM, { newPassword: 'Abcdef1!', confirmNewPassword: 'Abcdef1!' });
    expect(errors.map((e) => [e.path, e.rule])).toEqual([['oldPassword', 'required']]);
  });

  it('a new password that breaks rules and equals the old one shows the first password rule', () => {
    const errors = validate(FORM, {
      oldPassword: 'abcdefgh',
      newPassword: 'abcdefgh',
      confirmNewPassword: 'abcdefgh',
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ path: 'newPassword' });
    expect(errors[0]!.rule).toBe('uppercase');
  });
});

describe('auth forms are never drafts: consent and rules still apply to what is typed', () => {
  it('full mode, the one auth forms use, rejects a malformed e-mail that draft mode would store', () => {
    expect(validate('auth/login', { email: 'x', password: 'p' }, 'full')).toEqual([
      expect.objectContaining({ path: 'email', rule: 'format.email' }),
    ]);
    expect(validate('auth/login', { email: 'x', password: 'p' }, 'draft')).toEqual([]);
  });
});
