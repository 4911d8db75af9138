import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginService } from '../../src/server/accounts/login-service';
import type { PasswordResetService } from '../../src/server/accounts/password-reset-service';
import type { VerificationService } from '../../src/server/accounts/verification-service';
import { STRONG_PASSWORD } from './support/fixtures';
import { codeOf, latestMail, outbox, signUp, tokenOf, verifyByLink } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let login: LoginService;
let reset: PasswordResetService;
let verification: VerificationService;
beforeAll(async () => {
  t = await createTestApp();
  // the instances the routes use, built once by the composition root (ADR 115)
  ({ login, passwordReset: reset, verification } = t.app.services);
});
afterAll(async () => {
  await t?.close();
});

const ADDRESS = '203.0.113.7';

describe('login service', () => {
  it('signs in with the e-mail as typed (any case, spaces) and issues a session', async () => {
    const { email } = await signUp(t.app);
    await verifyByLink(t.app, email);
    const { user, session } = await login.login(
      { email: `  ${email.toUpperCase()} `, password: STRONG_PASSWORD, rememberMe: false },
      ADDRESS,
    );
    expect(user.email).toBe(email);
    expect(await t.app.sessions.resolve(session.token)).toBe(user.id);
  });

  it('refuses a wrong password and an unknown e-mail alike, 401 INVALID_CREDENTIALS', async () => {
    const { email } = await signUp(t.app);
    await verifyByLink(t.app, email);
    for (const input of [
      { email, password: 'Wr0ng!Pass', rememberMe: false },
      { email: 'nobody-here@example.com', password: STRONG_PASSWORD, rememberMe: false },
    ]) {
      await expect(login.login(input, ADDRESS)).rejects.toMatchObject({
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('tells EMAIL_NOT_VERIFIED only after the password matched', async () => {
    const { email } = await signUp(t.app);
    await expect(
      login.login({ email, password: 'Wr0ng!Pass', rememberMe: false }, ADDRESS),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(
      login.login({ email, password: STRONG_PASSWORD, rememberMe: false }, ADDRESS),
    ).rejects.toMatchObject({ statusCode: 403, code: 'EMAIL_NOT_VERIFIED', options: { extra: { email } } });
  });
});

describe('password reset service', () => {
  it('mails a link to an existing account and says nothing of an unknown one', async () => {
    const { email } = await signUp(t.app);
    await reset.requestReset(` ${email.toUpperCase()}`);
    expect((await latestMail(t.app, email, 'passwordReset')).links[0]).toContain('/reset-password?token=');
    await expect(reset.requestReset('nobody-reset@example.com')).resolves.toBeUndefined();
    expect(await outbox(t.app, 'nobody-reset@example.com')).toEqual([]);
  });

  it('sets the new password once per token and ends every session', async () => {
    const { email } = await signUp(t.app);
    await verifyByLink(t.app, email);
    const { session } = await login.login({ email, password: STRONG_PASSWORD, rememberMe: false }, ADDRESS);
    await reset.requestReset(email);
    const token = tokenOf((await latestMail(t.app, email, 'passwordReset')).links[0]!);
    await reset.resetPassword(token, 'N3w!Password', ADDRESS);
    expect(await t.app.sessions.resolve(session.token)).toBeUndefined();
    await expect(
      login.login({ email, password: 'N3w!Password', rememberMe: false }, ADDRESS),
    ).resolves.toMatchObject({ user: { email } });
    await expect(reset.resetPassword(token, 'An0ther!Pass', ADDRESS)).rejects.toMatchObject({
      code: 'INVALID_RESET_TOKEN',
    });
  });
});

describe('verification service', () => {
  it('verifies by the link once, then answers ALREADY_VERIFIED; an unknown token is INVALID_TOKEN', async () => {
    const { email } = await signUp(t.app);
    const token = tokenOf((await latestMail(t.app, email, 'verification')).links[0]!);
    const user = await verification.verifyLink(` ${token} `);
    expect(user).toMatchObject({ email, status: 'email_verified' });
    await expect(verification.verifyLink(token)).rejects.toMatchObject({ code: 'ALREADY_VERIFIED' });
    await expect(verification.verifyLink('not-a-token')).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    await expect(verification.verifyLink(undefined)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('verifies by the code with the e-mail, counting wrong codes down', async () => {
    const { email } = await signUp(t.app);
    const code = codeOf(await latestMail(t.app, email, 'verification'));
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(verification.verifyCode({ code: wrong, email })).rejects.toMatchObject({
      code: 'INVALID_CODE',
      options: { extra: { attemptsLeft: 4 } },
    });
    await expect(verification.verifyCode({ code: 'abc', email })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(verification.verifyCode({ code })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(verification.verifyCode({ code, email: email.toUpperCase() })).resolves.toMatchObject({
      email,
      status: 'email_verified',
    });
  });

  it('answers the cooldown for any address, mails none, and refuses a second mail within it (429 with cooldown)', async () => {
    const windowSeconds = t.app.limits.verificationMailPerEmail.windowSeconds;
    await expect(verification.resendMail('nobody-verify@example.com')).resolves.toEqual({
      cooldown: windowSeconds,
    });
    expect(await outbox(t.app, 'nobody-verify@example.com')).toEqual([]);
    // sign-up has just sent the first mail, which started the cooldown
    const { email } = await signUp(t.app);
    const before = (await outbox(t.app, email)).length;
    await expect(verification.resendMail(` ${email.toUpperCase()}`)).rejects.toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      options: { extra: { cooldown: expect.any(Number) } },
    });
    expect((await outbox(t.app, email)).length).toBe(before);
  });
});
