import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { payloadOf } from './support/flows';
import { sourceRenderer } from './support/respond-renderer';
import { createTestApp, type TestApp } from './support/test-app';

// ADR 134: GET /r/<token> answers the respondent's page drawn by the browser's own tree, with its first read
let testApp: TestApp;
let failing: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let clientDir: string;
let renderer: Awaited<ReturnType<typeof sourceRenderer>>;

const ITEM_TR = 'Yatma saati bir mücadeleye dönüşüyor.';
const ITEM_EN = 'Bedtime turns into a struggle.';

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'respond-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  cpSync('respond.html', path.join(clientDir, 'respond.html'));
  renderer = await sourceRenderer();
  testApp = await createTestApp({ clientDir, respondRenderer: renderer.render });
  app = testApp.app;
  failing = await createTestApp({
    clientDir,
    respondRenderer: () => Promise.reject(new Error('no engine')),
  });
  alice = await createPractitioner(app);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await failing?.close();
  await renderer?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function newLink(extra: Record<string, unknown> = {}, on = app, who = alice) {
  const client = await newClientRecord(on, who, validSections.demographics);
  const res = await on.inject({
    method: 'POST',
    url: `/api/clients/${client}/links`,
    headers: who.headers,
    ...payloadOf('POST', {
      questionnaireId: 'home-routines',
      respondent: 'guardian',
      language: 'tr',
      ...extra,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { url: string; link: { id: string } };
  return { client, id: body.link.id, token: body.url.split('/r/')[1]! };
}

const page = (token: string, on = app) =>
  on.inject({ method: 'GET', url: `/r/${token}`, headers: { accept: 'text/html' } });

/** The JSON the page carries for its script. */
function firstReadOf(html: string) {
  const json = /<script type="application\/json" id="respond-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('GET /r/<token>', () => {
  it("draws the questionnaire in the link's language with radio inputs, and its first read as JSON", async () => {
    const { token } = await newLink();
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain(ITEM_TR);
    expect(res.body).not.toContain(ITEM_EN);
    expect(res.body).toMatch(/<input[^>]*type="radio"/);
    // the page's only inline script is respond.html's own (allowed by its hash): React adds none
    expect(res.body.match(/<script>/g)).toHaveLength(1);
    expect(res.body).toContain('<html lang="tr" data-page-language="tr" data-link="ok"');
    expect(firstReadOf(res.body)).toMatchObject({ kind: 'ok', value: { language: 'tr' } });
    // the token is in no answer but the address: the JSON and the HTML never carry it
    expect(res.body).not.toContain(token);
  });

  it('draws an English link in English', async () => {
    const { token } = await newLink({ language: 'en' });
    const res = await page(token);
    expect(res.body).toContain(ITEM_EN);
    expect(res.body).toContain('<html lang="en"');
  });

  it('marks the link opened, as the API read does', async () => {
    const { token, id } = await newLink();
    await page(token);
    const row = await app.db
      .selectFrom('respondent_links')
      .select(['opened_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.opened_at).not.toBeNull();
  });

  it('escapes the JSON so no text can close its script', async () => {
    const { token } = await newLink({ label: '</script><script>alert(1)</script>' });
    const res = await page(token);
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(firstReadOf(res.body)).toMatchObject({ value: { label: '</script><script>alert(1)</script>' } });
  });

  it('asks for the code of a link with one and shows none of its items', async () => {
    const { token } = await newLink({ withCode: true });
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="link-code"');
    expect(res.body).not.toContain(ITEM_TR);
    expect(res.body).not.toMatch(/type="radio"/);
    expect(firstReadOf(res.body)).toEqual({ kind: 'code', wrong: false, language: 'tr' });
  });

  it("shows a closed link's message and none of its items", async () => {
    const { token, id } = await newLink();
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/links/${id}/revoke`,
      headers: alice.headers,
      ...payloadOf('POST', undefined),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(ITEM_TR);
    expect(firstReadOf(res.body)).toEqual({ kind: 'closed', reason: 'revoked', language: 'tr' });
  });

  it("shows a deleted client's link as closed, with none of its items", async () => {
    const { token, client } = await newLink();
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/client-intake/${client}`,
      headers: alice.headers,
    });
    expect(gone.statusCode).toBe(204);
    const res = await page(token);
    expect(res.body).not.toContain(ITEM_TR);
    expect(firstReadOf(res.body)).toMatchObject({ kind: 'closed' });
  });

  it('shows an unknown link as not found', async () => {
    const res = await page('x'.repeat(43));
    expect(res.statusCode).toBe(200);
    expect(firstReadOf(res.body)).toEqual({ kind: 'notFound' });
    expect(res.body).toContain('data-link="notFound"');
  });

  it('sends the empty page when drawing fails, never a 500', async () => {
    const bob = await createPractitioner(failing.app);
    const { token } = await newLink({}, failing.app, bob);
    const res = await page(token, failing.app);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(ITEM_TR);
    expect(firstReadOf(res.body)).toBeUndefined();
  });
});
