import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignupService, type SignupService } from '../../src/server/accounts/signup-service';
import { STRONG_PASSWORD } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const person = {
  firstName: ' Ayşe ',
  lastName: 'Yılmaz',
  email: ' Ayse.Service@Example.com ',
  password: STRONG_PASSWORD,
};
const file = (name: string) => ({ name, type: 'application/pdf', data: Buffer.from(`%PDF-1.4 ${name}`) });

describe('sign-up service', () => {
  let t: TestApp;
  let signup: SignupService;
  beforeEach(async () => {
    t = await createTestApp();
    signup = createSignupService(t.app.db, t.app.keys, t.app.passwords);
  });
  afterEach(() => t.close());

  it('creates an account in pending_verification with the e-mail normalised, and refuses the e-mail twice', async () => {
    expect(await signup.isEmailAvailable('ayse.service@example.com')).toBe(true);
    const user = await signup.createAccount(person, 'tr');
    expect(user).toMatchObject({
      email: 'ayse.service@example.com',
      first_name: 'Ayşe',
      status: 'pending_verification',
    });
    expect(await signup.isEmailAvailable('ayse.service@example.com')).toBe(false);
    await expect(
      signup.createAccount({ ...person, email: 'AYSE.SERVICE@example.com' }, 'en'),
    ).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
    });
  });

  it('keeps one file per kind: a new upload replaces and deletes the previous one', async () => {
    const user = await signup.createAccount(person, 'tr');
    const first = await signup.storeUpload(user, 'diploma', file('a.pdf'));
    const second = await signup.storeUpload(user, 'diploma', file('b.pdf'));
    const files = await t.app.db.selectFrom('files').select('id').where('owner_id', '=', user.id).execute();
    expect(files.map((f) => f.id)).toEqual([second]);
    expect(first).not.toBe(second);
  });

  it('locks the credentials and the diploma once they are under review, not the photo', async () => {
    const user = await signup.createAccount(person, 'tr');
    const underReview = { ...user, status: 'under_review' as const };
    expect(() => signup.assertCredentialsEditable(underReview)).toThrow(
      expect.objectContaining({ code: 'REGISTRATION_LOCKED' }),
    );
    expect(() => signup.assertMayUpload(underReview, 'diploma')).toThrow(
      expect.objectContaining({ code: 'REGISTRATION_LOCKED' }),
    );
    expect(() => signup.assertMayUpload(underReview, 'photo')).not.toThrow();
    expect(() => signup.assertCredentialsEditable(user)).not.toThrow();
  });

  it('wants a diploma the account owns, and falls back to the one already uploaded', async () => {
    const user = await signup.createAccount(person, 'tr');
    expect(() => signup.withDiploma(user, {})).toThrow(expect.objectContaining({ code: 'DIPLOMA_REQUIRED' }));
    expect(signup.withDiploma({ ...user, diploma_file_id: 'f1' }, {})).toEqual({ diploma: 'f1' });
    await expect(signup.submitCredentials(user, { diploma: 'not-mine' })).rejects.toMatchObject({
      code: 'DIPLOMA_REQUIRED',
    });
  });
});
