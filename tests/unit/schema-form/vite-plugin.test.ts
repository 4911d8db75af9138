// @vitest-environment node

import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formValidators } from '../../../scripts/vite-form-validators';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const fixtures = fileURLToPath(new URL('../../fixtures/forms/schemas', import.meta.url));
const tmpRoot = fileURLToPath(new URL('../../../tmp', import.meta.url));
let root: string;
let server: ViteDevServer;

const INDEX = 'virtual:form-validators';
const CONTACT = 'virtual:form-validators/fixture/contact@1';
const code = async (url: string) => (await server.transformRequest(url))?.code ?? '';

/**
 * Tells the dev server a file was saved, as its watcher would: on a loaded machine a polling watcher can
 * take longer than any sensible timeout, and what is under test is the plugin's answer to the event.
 */
function saved(event: 'change' | 'add', file: string) {
  server.watcher.emit(event, file);
}

/** Waits until the dev server serves different code for `url`. */
async function changed(url: string, before: string) {
  await vi.waitFor(
    async () => {
      expect(await code(url)).not.toBe(before);
    },
    { timeout: 20_000, interval: 200 },
  );
  return code(url);
}

beforeAll(async () => {
  mkdirSync(tmpRoot, { recursive: true });
  root = mkdtempSync(join(tmpRoot, 'vite-plugin-'));
  cpSync(fixtures, join(root, 'schemas'), { recursive: true });
  server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [formValidators()],
    server: { port: 0, ws: false, watch: { usePolling: true, interval: 100 } },
  });
  // edits made before the watcher's first scan ends would go unnoticed; the 3 s only caps the wait for that event
  await Promise.race([once(server.watcher, 'ready'), new Promise((resolve) => setTimeout(resolve, 3000))]);
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('virtual:form-validators in dev', () => {
  it('serves one precompiled module per form version, each behind its own loader (a chunk per form)', async () => {
    const index = await code(INDEX);
    expect(index).toContain('"fixture/contact@1"');
    expect(index).toContain('"fixture/widgets@1"');
    // loaders only: a static import would put every form's validators in one chunk again (a module saved by a
    // test that ran before this one is imported with Vite's `?t=` stamp)
    expect(index).toMatch(
      /"fixture\/contact@1": \(\) => import\(".*virtual:form-validators\/fixture\/contact@1(\?t=\d+)?"\)/,
    );
    expect(index).not.toMatch(/^import /m);
    const contact = await code(CONTACT);
    expect(contact).toContain('export const validateFns');
    expect(contact).not.toMatch(/new Function|require\(/);
  });

  it('regenerates a form module when its schema is saved', async () => {
    const before = await code(CONTACT);
    const file = join(root, 'schemas/fixture/contact/v1.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.name.maxLength = 42;
    writeFileSync(file, JSON.stringify(schema));
    saved('change', file);
    expect(await changed(CONTACT, before)).toContain('42');
  });

  it('lists a new form folder without any code change', async () => {
    const before = await code(INDEX);
    mkdirSync(join(root, 'schemas/fixture/brand-new'), { recursive: true });
    const file = join(root, 'schemas/fixture/brand-new/v1.schema.json');
    writeFileSync(file, JSON.stringify({ type: 'object', properties: { a: { type: 'string' } } }));
    saved('add', file);
    expect(await changed(INDEX, before)).toContain('"fixture/brand-new@1"');
  });

  it('serves a form locale file with ?form-titles as its _form words alone, updated when saved (ADR 009)', async () => {
    mkdirSync(join(root, 'locales/en/fixture'), { recursive: true });
    const file = join(root, 'locales/en/fixture/contact.json');
    writeFileSync(file, JSON.stringify({ _form: { title: 'Contact' }, name: { label: 'Name' } }));
    const url = '/locales/en/fixture/contact.json?form-titles';
    const before = await code(url);
    expect(before).toContain('"_form":{"title":"Contact"}');
    expect(before).not.toContain('Name');
    writeFileSync(file, JSON.stringify({ _form: { title: 'Contact details' }, name: { label: 'Name' } }));
    saved('change', file);
    expect(await changed(url, before)).toContain('Contact details');
  });
});
