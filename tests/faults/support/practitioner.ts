import { expect } from 'vitest';

const PASSWORD = 'Str0ng!Pass';
let counter = 0;

export interface Practitioner {
  email: string;
  token: string;
  /** The practitioner's intake record under auto-save. */
  recordId: string;
  version: number;
}

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** Signs up (REQUIRE_EMAIL_VERIFICATION=false), signs in and starts an intake record, all over HTTP. */
export async function newPractitioner(base: string): Promise<Practitioner> {
  counter += 1;
  const email = `fault${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await call(base, 'POST', '/api/auth/signup/step1', {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
    acceptPrivacyPolicy: true,
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  const token = await logIn(base, email);
  const created = await call(
    base,
    'POST',
    '/api/client-intake',
    { status: 'draft', demographics: { clientFirstName: 'Deniz', schoolName: 'save 0' } },
    token,
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return { email, token, recordId: created.json.id, version: created.json.version };
}

export async function logIn(base: string, email: string): Promise<string> {
  const login = await call(base, 'POST', '/api/auth/login', { email, password: PASSWORD, rememberMe: false });
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  return login.json.accessToken;
}

/** The record as the server has it now. */
export async function readRecord(base: string, practitioner: Practitioner) {
  const answer = await call(
    base,
    'GET',
    `/api/client-intake/${practitioner.recordId}`,
    undefined,
    practitioner.token,
  );
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as { version: number; demographics: { schoolName?: string } | null };
}

export { call };
