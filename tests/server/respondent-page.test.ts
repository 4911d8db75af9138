import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
const CSS = 'body{color:#0f172a}';

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'respond-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  // respond.html as the build writes it: Vite's stylesheet link and a module preload in the head
  const built = readFileSync('respond.html', 'utf8').replace(
    '</head>',
    `<link rel="modulepreload" crossorigin href="/assets/app.js">\n<link rel="stylesheet" crossorigin href="/assets/page.css">\n</head>`,
  );
  writeFileSync(path.join(clientDir, 'respond.html'), built);
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'page.css'), CSS);
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

  it('carries its stylesheet inline, allowed by its hash, and its scripts after the question (ADR 141)', async () => {
    const { token } = await newLink();
    const res = await page(token);
    const [head, body] = res.body.split('</head>') as [string, string];
    expect(head).toContain(`<style>${CSS}</style>`);
    // nothing in the head the slow link must carry before the first paint
    expect(head).not.toContain('<link rel="stylesheet"');
    expect(head).not.toContain('modulepreload');
    expect(body.indexOf('modulepreload')).toBeGreaterThan(body.indexOf(ITEM_TR));
    // no link at all: Chromium fetches even a disabled one, and no chunk asks for the page's stylesheet (ADR 146)
    expect(res.body).not.toContain('/assets/page.css');
    const hash = createHash('sha256').update(CSS).digest('base64');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`style-src-elem 'self' https: 'sha256-${hash}'`);
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
  });

  it('goes compressed to a browser that accepts brotli or gzip, and as it is to one that does not', async () => {
    const { token } = await newLink();
    const plain = await page(token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const ask = (encoding: string) =>
      app.inject({
        method: 'GET',
        url: `/r/${token}`,
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const text = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(text).toContain(ITEM_TR);
    expect(br.rawPayload.length).toBeLessThan(text.length / 3);
    const gz = await ask('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toContain(ITEM_TR);
  });

  it('sends the empty page when drawing fails, never a 500', async () => {
    const bob = await createPractitioner(failing.app);
    const { token } = await newLink({}, failing.app, bob);
    const res = await page(token, failing.app);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(ITEM_TR);
    expect(firstReadOf(res.body)).toBeUndefined();
    // as built: the empty page waits for its scripts anyway
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/page.css">\n</head>');
  });
});
