import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApiApp } from '../../scripts/api-app';
import { reportOf } from '../../scripts/check-route-answers';
import { registerOpenApi, routesWithoutAnswer } from '../../src/server/plugins/openapi';
import { userAnswerSchema } from '../../src/shared';
import { createTestApp, type TestApp } from './support/test-app';

describe('the API contract (ADR 117)', () => {
  let document: ReturnType<typeof JSON.parse>;
  let missing: ReturnType<typeof routesWithoutAnswer>;
  beforeAll(async () => {
    ({ document, missing } = await withApiApp((app) => ({
      document: JSON.parse(JSON.stringify(app.swagger())),
      missing: routesWithoutAnswer(app),
    })));
  });

  it('docs/openapi.json is the document the routes make (else run `npm run openapi`)', () => {
    const committed = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
    expect(committed, 'docs/openapi.json is stale: run `npm run openapi` and commit it').toEqual(document);
  });

  it('is OpenAPI 3.1 and declares what each call answers, files and empty answers by their content', () => {
    expect(document.openapi).toBe('3.1.0');
    const paths = document.paths;
    expect(
      paths['/api/client-intake/{id}'].get.responses['200'].content['application/json'].schema.required,
    ).toContain('forms');
    expect(Object.keys(paths['/api/clients/{id}/scores.csv'].get.responses['200'].content)).toEqual([
      'text/csv',
    ]);
    expect(Object.keys(paths['/api/account/export'].get.responses['200'].content)).toEqual([
      'application/zip',
    ]);
    expect(paths['/api/auth/logout'].post.responses['204'].content).toBeUndefined();
    // the developer's outbox and the operator's channel are not the product's API
    expect(paths['/api/dev/outbox']).toBeUndefined();
    expect(paths['/api/admin/run']).toBeUndefined();
  });

  it('every route under /api declares its answer', () => {
    expect(missing).toEqual([]);
    expect(reportOf(missing)).toBe('routes: every route declares its answer');
  });

  it('npm run lint:routes fails on a route without a response schema, naming it', async () => {
    const app = Fastify({ logger: false });
    await registerOpenApi(app);
    app.get('/api/things/:id', { schema: { response: { 200: { type: 'object' } } } }, async () => ({}));
    app.post('/api/things', async () => ({ ok: true }));
    await app.ready();
    const found = routesWithoutAnswer(app);
    await app.close();
    expect(found).toEqual([{ method: 'POST', url: '/api/things' }]);
    expect(reportOf(found)).toMatch(
      /^POST \/api\/things: no response schema\n[\s\S]*1 route\(s\) declare no answer/,
    );
  });

  it('an answer carries only the fields its schema declares: a field a handler adds by mistake never leaves', async () => {
    const app = Fastify({ logger: false });
    const user = {
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      email: 'ayse@example.org',
      emailVerified: true,
      accountStatus: 'approved',
      professionalTitle: null,
      university: null,
      department: null,
      graduationYear: null,
      chamberRegistrationNumber: null,
      specializations: [],
      workAreas: [],
      biography: null,
      photo: null,
      hasDiploma: false,
      language: 'tr',
      createdAt: '2026-11-26T10:00:00.000Z',
    };
    app.get('/me', { schema: { response: { 200: userAnswerSchema } } }, async () => ({
      user: { ...user, password_hash: '$argon2id$...', national_id: '10000000146' },
    }));
    const response = await app.inject({ method: 'GET', url: '/me' });
    await app.close();
    expect(response.json()).toEqual({ user });
  });
});

describe('GET /api/docs', () => {
  let development: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    development = await createTestApp({ env: { NODE_ENV: 'development' } });
    production = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://psy.example.org' },
    });
  });
  afterAll(async () => {
    await development?.close();
    await production?.close();
  });

  it('shows the document with a viewer served from this server (no network) in development', async () => {
    const page = await development.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const files = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(
      (match) => new URL(match[1]!, 'http://localhost/api/docs/').pathname,
    );
    expect(files).toContain('/api/docs/static/swagger-ui-bundle.js');
    for (const file of files) {
      expect(file).toMatch(/^\/api\/docs\//);
      const response = await development.app.inject({ method: 'GET', url: file });
      expect(response.statusCode, file).toBe(200);
    }
    const json = await development.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json().openapi).toBe('3.1.0');
  });

  it('is a 404 in production', async () => {
    for (const url of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/static/swagger-ui-bundle.js',
      '/api/docs/json',
    ]) {
      const response = await production.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
