import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from '../../src/server/lazy-schema-compilers';
import { createTestApp, type TestApp } from './support/test-app';

const body = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 2 } },
  additionalProperties: false,
};
const response = { 200: { type: 'object', properties: { greeting: { type: 'string' } } } };

/** The same route on a default Fastify and on one with the lazy compilers. */
function appWith(lazy: ReturnType<typeof lazySchemaCompilers> | undefined) {
  const app = Fastify({ schemaController: lazy?.schemaController });
  app.post('/hello', { schema: { body, response } }, async (request) => ({
    greeting: `hello ${(request.body as { name: string }).name}`,
    internal: 'dropped by the response schema',
  }));
  return app;
}

describe('route schemas compiled on first use', () => {
  it('compiles nothing while starting, then validates and serializes exactly as Fastify does', async () => {
    const lazy = lazySchemaCompilers();
    const app = appWith(lazy);
    const plain = appWith(undefined);
    await Promise.all([app.ready(), plain.ready()]);
    expect(lazy.pending()).toBe(2);
    for (const payload of [
      { name: 'A' },
      { nope: 1 },
      'text',
      { name: 'Ayşe', extra: true },
      { name: 'Ayşe' },
    ]) {
      const ours = await app.inject({ method: 'POST', url: '/hello', payload });
      const theirs = await plain.inject({ method: 'POST', url: '/hello', payload });
      expect(ours.statusCode).toBe(theirs.statusCode);
      expect(ours.body).toBe(theirs.body);
    }
    expect(
      JSON.parse((await app.inject({ method: 'POST', url: '/hello', payload: { name: 'Ali' } })).body),
    ).toEqual({
      greeting: 'hello Ali',
    });
    expect(lazy.pending()).toBe(0);
    await Promise.all([app.close(), plain.close()]);
  });

  it('compiles the waiting schemas in the background, and reports one that does not compile', async () => {
    const lazy = lazySchemaCompilers();
    const app = Fastify({ schemaController: lazy.schemaController });
    app.post('/ok', { schema: { body } }, async () => ({}));
    app.post(
      '/broken',
      { schema: { body: { type: 'object', properties: { a: { type: 'no-such-type' } } } } },
      async () => ({}),
    );
    await app.ready();
    expect(lazy.pending()).toBe(2);
    const errors: unknown[] = [];
    lazy.compileInBackground((error) => errors.push(error));
    await expect.poll(() => lazy.pending()).toBe(0);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/schema is invalid/);
    await app.close();
  });
});

describe('the product server', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('starts with its route schemas waiting and compiles every one once it listens', async () => {
    t = await createTestApp();
    await t.app.ready();
    expect(t.app.routeSchemasPending()).toBeGreaterThan(50);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => t?.app.routeSchemasPending(), { timeout: 15_000 }).toBe(0);
  });
});
