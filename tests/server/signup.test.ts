import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptJson, keyedHash } from '../../src/server/crypto/encryption';
import {
  GIF,
  JPEG,
  multipart,
  PDF,
  PNG,
  STRONG_PASSWORD,
  step1Body,
  step2Body,
  uniqueEmail,
} from './support/fixtures';
import { bearer, latestMail, signUp, uploadFile, verifiedUser } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('POST /api/auth/signup/step1', () => {
  it('creates a pending_verification account and answers 201 with the user and the resend cooldown', async () => {
    const body = step1Body({ email: `  ${uniqueEmail().toUpperCase()} ` });
    const response = await post('/api/auth/signup/step1', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      user: expect.objectContaining({
        firstName: 'Ayşe',
        lastName: 'Yılmaz',
        email: (body.email as string).trim().toLowerCase(),
        emailVerified: false,
        accountStatus: 'pending_verification',
        professionalTitle: null,
        university: null,
      }),
      cooldown: 60,
    });
    expect(JSON.stringify(response.json())).not.toMatch(/password|nationalId/i);
  });

  it('sends a verification e-mail with a /verify-email?token= link and a 6-digit code', async () => {
    const { email } = await signUp(t.app);
    const mail = await latestMail(t.app, email, 'verification');
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:5173\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.subject).toBe('Verify your email address for Psychologist Platform');
    expect(mail.html).toContain(mail.links[0]);
  });

  it('writes the mail in the language of the sign-up request (Accept-Language: tr)', async () => {
    const { email } = await signUp(t.app, {}, 'tr-TR,tr;q=0.9,en;q=0.8');
    const mail = await latestMail(t.app, email, 'verification');
    expect(mail.subject).toBe('Psikolog Platformu için e-posta adresinizi doğrulayın');
    expect(mail.text).toContain('Merhaba Ayşe,');
  });

  it('answers 409 EMAIL_TAKEN for an address already registered, whatever its case', async () => {
    const { email } = await signUp(t.app);
    const response = await post('/api/auth/signup/step1', step1Body({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'This email is already registered',
      fields: { email: 'This email is already registered' },
    });
  });

  it.each([
    ['firstName', { firstName: 'A' }, 'First name must be at least 2 characters'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['confirmPassword', { confirmPassword: 'Other1!pass' }, 'Passwords do not match'],
    ['acceptTerms', { acceptTerms: false }, 'You must accept the terms and conditions'],
    ['acceptPrivacyPolicy', { acceptPrivacyPolicy: false }, 'You must accept the privacy policy'],
  ])('answers 400 VALIDATION_FAILED with the spec message on %s', async (field, overrides, message) => {
    const response = await post('/api/auth/signup/step1', step1Body(overrides));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('Please correct the highlighted fields.');
    expect(body.fields[field]).toBe(message);
  });

  it('translates field messages for Accept-Language: tr', async () => {
    const response = await post('/api/auth/signup/step1', step1Body({ acceptTerms: false }), {
      'accept-language': 'tr',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Lütfen işaretli alanları düzeltin.');
    expect(response.json().fields.acceptTerms).not.toBe('You must accept the terms and conditions');
  });

  it('answers 400 VALIDATION_FAILED when a field has the wrong JSON type', async () => {
    const response = await post('/api/auth/signup/step1', step1Body({ acceptTerms: 'yes' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { acceptTerms: expect.any(String) },
    });
  });
});

describe('GET /api/auth/check-email', () => {
  it('answers { data: { available: true } } for a free address', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-email',
      query: { email: uniqueEmail() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { available: true } });
  });

  it('answers available: false for a registered address in any case', async () => {
    const { email } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-email',
      query: { email: email.toUpperCase() },
    });
    expect(response.json()).toEqual({ data: { available: false } });
  });

  it('answers 400 VALIDATION_FAILED without a valid e-mail', async () => {
    for (const url of ['/api/auth/check-email', '/api/auth/check-email?email=nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { email: expect.any(String) },
      });
    }
  });
});

describe('POST /api/auth/signup/upload-diploma', () => {
  it.each([
    ['pdf', PDF, 'application/pdf'],
    ['png', PNG, 'image/png'],
    ['jpg', JPEG, 'image/jpeg'],
  ])('stores a %s under a random id and answers 201 { file }', async (_ext, data, type) => {
    const { token } = await verifiedUser(t.app);
    const response = await uploadFile(t.app, token, 'diploma', {
      data,
      filename: '../../My Diploma.bin',
      type: 'text/plain',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { file } = response.json();
    expect(file).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      name: 'My Diploma.bin',
      size: data.length,
      type,
    });
  });

  it('reads the type from the content, not from the name or the declared MIME type', async () => {
    const { token } = await verifiedUser(t.app);
    const response = await uploadFile(t.app, token, 'diploma', {
      data: Buffer.from('<html><script>alert(1)</script></html>'),
      filename: 'diploma.pdf',
      type: 'application/pdf',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'INVALID_FILE_TYPE',
      message: 'Invalid file type. Accepted: .pdf,.jpg,.jpeg,.png',
      fields: { file: 'Invalid file type. Accepted: .pdf,.jpg,.jpeg,.png' },
    });
  });

  it('refuses an image type the spec does not list (gif)', async () => {
    const { token } = await verifiedUser(t.app);
    const response = await uploadFile(t.app, token, 'diploma', {
      data: GIF,
      filename: 'd.png',
      type: 'image/png',
    });
    expect(response.json().code).toBe('INVALID_FILE_TYPE');
  });

  it('answers 413 FILE_TOO_LARGE above 5242880 bytes and accepts exactly 5242880', async () => {
    const { token } = await verifiedUser(t.app);
    const exact = Buffer.concat([PDF, Buffer.alloc(5_242_880 - PDF.length, 0x20)]);
    expect((await uploadFile(t.app, token, 'diploma', { data: exact })).statusCode).toBe(201);
    const response = await uploadFile(t.app, token, 'diploma', {
      data: Buffer.concat([exact, Buffer.from(' ')]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'File size must be less than 5MB',
    });
  });

  it('answers 400 TOO_MANY_FILES for two files in one request', async () => {
    const { token } = await verifiedUser(t.app);
    const form = multipart([
      { name: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF },
      { name: 'file', filename: 'b.pdf', type: 'application/pdf', data: PDF },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/upload-diploma',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOO_MANY_FILES');
  });

  it('answers 400 FILE_REQUIRED without a file in the field "file"', async () => {
    const { token } = await verifiedUser(t.app);
    const form = multipart([{ name: 'note', value: 'no file here' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/upload-diploma',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FILE_REQUIRED');
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a JSON body', async () => {
    const { token } = await verifiedUser(t.app);
    const response = await post('/api/auth/signup/upload-diploma', { file: 'x' }, bearer(token));
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const form = multipart([{ name: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/upload-diploma',
      ...form,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Your session has ended. Please sign in again.',
    });
  });
});

describe('POST /api/auth/signup/upload-photo', () => {
  it('accepts jpg and png up to 2097152 bytes', async () => {
    const { token } = await verifiedUser(t.app);
    expect((await uploadFile(t.app, token, 'photo', { data: PNG, filename: 'me.png' })).statusCode).toBe(201);
    const response = await uploadFile(t.app, token, 'photo', { data: JPEG, filename: 'me.jpg' });
    expect(response.statusCode).toBe(201);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().user.photo).toBe(response.json().file.id);
  });

  it('refuses a pdf photo and a photo above 2 MB with the spec messages', async () => {
    const { token } = await verifiedUser(t.app);
    const pdf = await uploadFile(t.app, token, 'photo', { data: PDF });
    expect(pdf.json()).toMatchObject({
      code: 'INVALID_FILE_TYPE',
      message: 'Invalid file type. Accepted: .jpg,.jpeg,.png',
    });
    const big = Buffer.concat([PNG, Buffer.alloc(2_097_152)]);
    const large = await uploadFile(t.app, token, 'photo', { data: big, filename: 'big.png' });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('File size must be less than 2MB');
  });
});

describe('GET /api/files/:id', () => {
  it('serves an uploaded file to its owner with its sniffed type', async () => {
    const { token } = await verifiedUser(t.app);
    const { file } = (await uploadFile(t.app, token, 'diploma', { data: PNG, filename: 'd.png' })).json();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it("answers 404 for another account's file and 401 without a session", async () => {
    const owner = await verifiedUser(t.app);
    const other = await verifiedUser(t.app);
    const { file } = (await uploadFile(t.app, owner.token, 'diploma')).json();
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.id}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/files/${file.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('replaces the previous diploma: the old id is gone', async () => {
    const { token } = await verifiedUser(t.app);
    const first = (await uploadFile(t.app, token, 'diploma')).json().file;
    await uploadFile(t.app, token, 'diploma', { data: PNG, filename: 'd.png' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/files/${first.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/auth/signup/step2', () => {
  it('needs a diploma first: 400 DIPLOMA_REQUIRED', async () => {
    const { token } = await verifiedUser(t.app);
    const response = await post('/api/auth/signup/step2', step2Body(), bearer(token));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'DIPLOMA_REQUIRED',
      message: 'Please upload your diploma first.',
      fields: { diploma: 'Please upload your diploma first.' },
    });
  });

  it('moves email_verified to profile_completed and answers { user } without the national ID', async () => {
    const { email, token } = await verifiedUser(t.app);
    await uploadFile(t.app, token, 'diploma');
    const body = step2Body();
    // The spec's call also sends the e-mail, which is not a form field.
    const response = await post('/api/auth/signup/step2', { email, ...body }, bearer(token));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({
      email,
      accountStatus: 'profile_completed',
      professionalTitle: 'Psikolog',
      university: 'Boğaziçi Üniversitesi',
      department: 'Psikoloji',
      graduationYear: 2015,
      chamberRegistrationNumber: 'PSK-2024-001',
      hasDiploma: true,
    });
    expect(response.body).not.toContain(body.nationalId);
  });

  it('stores the national ID encrypted (AES-256-GCM) with a keyed hash, and records KVKK consent', async () => {
    const { email, token } = await verifiedUser(t.app);
    await uploadFile(t.app, token, 'diploma');
    const body = step2Body();
    await post('/api/auth/signup/step2', body, bearer(token));
    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.national_id_encrypted).not.toContain(body.nationalId);
    expect(decryptJson(t.app.keys.encryption, row.national_id_encrypted!, `national-id:${row.id}`)).toBe(
      body.nationalId,
    );
    expect(row.national_id_hmac).toBe(keyedHash(t.app.keys.nationalIdHash, body.nationalId));
    expect(row.kvkk_consent_at).toBeInstanceOf(Date);
    expect(row.kvkk_consent_version).toMatch(/\S/);
  });

  it('answers 409 NATIONAL_ID_TAKEN when another account holds the national ID', async () => {
    const first = await verifiedUser(t.app);
    const second = await verifiedUser(t.app);
    const body = step2Body();
    await uploadFile(t.app, first.token, 'diploma');
    await uploadFile(t.app, second.token, 'diploma');
    expect((await post('/api/auth/signup/step2', body, bearer(first.token))).statusCode).toBe(200);
    const response = await post('/api/auth/signup/step2', body, bearer(second.token));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'NATIONAL_ID_TAKEN',
      fields: { nationalId: expect.any(String) },
    });
  });

  it.each([
    ['nationalId', { nationalId: '12345678901' }, 'Please enter a valid Turkish National ID'],
    ['nationalId', { nationalId: '123' }, 'National ID must be exactly 11 digits'],
    ['kvkkConsent', { kvkkConsent: false }, 'You must consent to KVKK terms'],
    ['graduationYear', { graduationYear: 1969 }, 'Graduation year must be after 1970'],
    ['department', { department: 'Tarih' }, 'Please select a valid department'],
    [
      'chamberRegistrationNumber',
      { chamberRegistrationNumber: 'PSK 2024' },
      'Invalid registration number format',
    ],
  ])('answers 400 VALIDATION_FAILED on %s', async (field, overrides, message) => {
    const { token } = await verifiedUser(t.app);
    await uploadFile(t.app, token, 'diploma');
    const response = await post('/api/auth/signup/step2', step2Body(overrides), bearer(token));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().fields[field]).toBe(message);
  });

  it("refuses a diploma id that is not the account's own", async () => {
    const owner = await verifiedUser(t.app);
    const other = await verifiedUser(t.app);
    const { file } = (await uploadFile(t.app, owner.token, 'diploma')).json();
    const response = await post(
      '/api/auth/signup/step2',
      step2Body({ diploma: file.id }),
      bearer(other.token),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('DIPLOMA_REQUIRED');
  });

  it('answers 409 REGISTRATION_LOCKED once the account is under review', async () => {
    const { email, token } = await verifiedUser(t.app);
    await uploadFile(t.app, token, 'diploma');
    await t.app.db.updateTable('users').set({ status: 'under_review' }).where('email', '=', email).execute();
    const response = await post('/api/auth/signup/step2', step2Body(), bearer(token));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('REGISTRATION_LOCKED');
    expect((await uploadFile(t.app, token, 'diploma')).statusCode).toBe(409);
  });

  it('answers 401 UNAUTHORIZED without a session, and with a made-up token', async () => {
    for (const headers of [{}, bearer('x'.repeat(43))]) {
      const response = await post('/api/auth/signup/step2', step2Body(), headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('works for a signed-in account whose e-mail is not verified when verification is not required', async () => {
    const lenient = await createTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
    try {
      const { email, password } = await signUp(lenient.app);
      const login = await lenient.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({
        emailVerified: false,
        accountStatus: 'pending_verification',
      });
      const token = login.json().accessToken;
      await uploadFile(lenient.app, token, 'diploma');
      const response = await lenient.app.inject({
        method: 'POST',
        url: '/api/auth/signup/step2',
        payload: step2Body(),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        accountStatus: 'profile_completed',
        emailVerified: false,
      });
    } finally {
      await lenient.close();
    }
  });
});

describe('POST /api/auth/signup/step3', () => {
  it('saves the optional profile and changes no status', async () => {
    const { email, token } = await verifiedUser(t.app);
    const photo = (await uploadFile(t.app, token, 'photo', { data: PNG, filename: 'me.png' })).json().file;
    const response = await post(
      '/api/auth/signup/step3',
      { email, specializations: ['EMDR', 'Şema Terapi'], workAreas: ['Depresyon'], biography: 'Merhaba.' },
      bearer(token),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({
      accountStatus: 'email_verified',
      specializations: ['EMDR', 'Şema Terapi'],
      workAreas: ['Depresyon'],
      biography: 'Merhaba.',
      photo: photo.id,
    });
  });

  it('accepts an empty profile (skip)', async () => {
    const { token } = await verifiedUser(t.app);
    const response = await post('/api/auth/signup/step3', {}, bearer(token));
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 VALIDATION_FAILED for a biography over 500 characters or an unknown specialization', async () => {
    const { token } = await verifiedUser(t.app);
    const long = await post('/api/auth/signup/step3', { biography: 'a'.repeat(501) }, bearer(token));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.biography).toBe('Biography must be less than 500 characters');
    const unknown = await post('/api/auth/signup/step3', { specializations: ['Astrology'] }, bearer(token));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const response = await post('/api/auth/signup/step3', {});
    expect(response.statusCode).toBe(401);
  });
});

describe('the password is never stored in the clear', () => {
  it('keeps an argon2id hash', async () => {
    const { email } = await signUp(t.app);
    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(STRONG_PASSWORD);
  });
});
