import type { FastifyInstance, InjectOptions } from 'fastify';

type InjectPayload = InjectOptions['payload'];

import { expect } from 'vitest';
import { runAdminCommand } from '../../../src/server/admin/commands';
import { multipart, PDF, STRONG_PASSWORD, step1Body, step2Body } from './fixtures';

export interface OutboxMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export async function outbox(app: FastifyInstance, to?: string): Promise<OutboxMail[]> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/outbox', query: to ? { to } : {} });
  expect(response.statusCode).toBe(200);
  return response.json().mails;
}

export async function latestMail(app: FastifyInstance, to: string, kind?: string): Promise<OutboxMail> {
  const mail = (await outbox(app, to)).find((m) => kind === undefined || m.kind === kind);
  if (!mail) throw new Error(`no ${kind ?? ''} mail for ${to}`);
  return mail;
}

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

export function codeOf(mail: OutboxMail): string {
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}, lang = 'en') {
  const body = step1Body(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup/step1',
    payload: body,
    headers: { 'accept-language': lang },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { email: body.email as string, password: body.password as string };
}

export async function verifyByLink(app: FastifyInstance, email: string) {
  const mail = await latestMail(app, email, 'verification');
  const response = await app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${tokenOf(mail.links[0]!)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

export async function logIn(
  app: FastifyInstance,
  email: string,
  password = STRONG_PASSWORD,
  rememberMe = false,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, rememberMe },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().accessToken as string;
}

/** Signs up, verifies by link and logs in: { email, token }. */
export async function verifiedUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const { email, password } = await signUp(app, overrides);
  await verifyByLink(app, email);
  return { email, password, token: await logIn(app, email, password) };
}

/** Sends the credentials (diploma and sign-up step 2): the account is profile_completed, awaiting review. */
export async function sendCredentials(app: FastifyInstance, token: string) {
  const diploma = await uploadFile(app, token, 'diploma');
  expect(diploma.statusCode, diploma.body).toBe(201);
  const step2 = await app.inject({
    method: 'POST',
    url: '/api/auth/signup/step2',
    payload: step2Body(),
    headers: bearer(token),
  });
  expect(step2.statusCode, step2.body).toBe(200);
}

/**
 * `npm run admin -- approve <email>` as a running server executes it (POST /api/admin/run): the operator's
 * approval, mailed to the account through the server's mailer.
 */
export async function approve(app: FastifyInstance, email: string) {
  const result = await runAdminCommand(
    {
      db: app.db,
      keys: app.keys,
      retention: app.config.retention,
      catalog: app.questionnaires,
      mail: {
        send: (message, accountId) => app.mailer.send(message, accountId),
        t: app.mailT,
        config: app.config,
      },
    },
    ['approve', email],
  );
  expect(result.output).toContain('approved');
}

/**
 * A practitioner as production lets one open client data: signed up, verified, credentials sent (by `credentials`
 * when a test sends its own) and approved by an operator, logged in ({ email, password, token }). Test servers
 * run with the approval gate on.
 */
export async function approvedUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  credentials: (token: string) => Promise<void> = (token) => sendCredentials(app, token),
) {
  const user = await verifiedUser(app, overrides);
  await credentials(user.token);
  await approve(app, user.email);
  return user;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The payload of a test request: a POST, PUT or PATCH with nothing to say sends `{}` as JSON, as the client does
 * (the server refuses bodiless writes with 415, ADR 102); GET and DELETE send nothing unless given a payload.
 */
export function payloadOf(method: string | undefined, payload: unknown): { payload?: InjectPayload } {
  if (payload !== undefined) return { payload: payload as InjectPayload };
  return ['POST', 'PUT', 'PATCH'].includes(String(method).toUpperCase()) ? { payload: {} } : {};
}

export async function uploadFile(
  app: FastifyInstance,
  token: string,
  kind: 'diploma' | 'photo',
  file: { data: Buffer; filename?: string; type?: string } = { data: PDF },
) {
  const form = multipart([
    {
      name: 'file',
      filename: file.filename ?? 'diploma.pdf',
      type: file.type ?? 'application/pdf',
      data: file.data,
    },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/auth/signup/upload-${kind}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
}
