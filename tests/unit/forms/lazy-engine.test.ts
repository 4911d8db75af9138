// @vitest-environment node
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { createLazyEngine, type LazyEngineSources } from '../../../src/client/forms/lazy-engine';
import { createRegistry } from '../../../src/forms';
import { hasArray } from '../../../src/forms/has-array';
import { ROOT_DIR, readJsonTree } from '../../../src/forms/node';
import { precompileSchema } from '../../../src/forms/precompile/compile-form';
import { widgetNamesOf } from '../../../src/forms/ui-schema';
import { importPrecompiled, precompileImports } from '../../fixtures/forms/precompiled-engine';

vi.setConfig({ testTimeout: 30_000 });

const schemaTree = readJsonTree(join(ROOT_DIR, 'schemas'));
const localeTree = readJsonTree(join(ROOT_DIR, 'locales'));

/** The repository's forms as the app's globs give them: one loader per file, each call recorded. */
function repositorySources(fail = new Set<string>()) {
  const fetched: string[] = [];
  const loader = (key: string, value: () => unknown) => async () => {
    fetched.push(key);
    if (fail.has(key)) throw new Error(`network error for ${key}`);
    return value();
  };
  const byPath = (prefix: string, tree: Record<string, unknown>, keep: (path: string) => boolean) =>
    Object.fromEntries(
      Object.entries(tree)
        .filter(([path]) => keep(path))
        .map(([path, json]) => [`/${prefix}/${path}`, loader(`/${prefix}/${path}`, () => json)]),
    );
  const validators = Object.fromEntries(
    createRegistry(schemaTree)
      .list()
      .map((form) => {
        const key = `${form.id}@${form.version}`;
        return [
          key,
          loader(key, () => importPrecompiled(precompileSchema(form.schema, precompileImports).code, key)),
        ];
      }),
  ) as LazyEngineSources['validators'];
  const sources: LazyEngineSources = {
    manifests: Object.fromEntries(
      Object.entries(schemaTree)
        .filter(([path]) => path.endsWith('manifest.json'))
        .map(([path, json]) => [`/schemas/${path}`, json]),
    ),
    schemas: byPath('schemas', schemaTree, (path) => !path.endsWith('manifest.json')),
    locales: byPath(
      'locales',
      localeTree,
      (path) => path.split('/').length > 2 || path.endsWith('/common.json'),
    ),
    validators,
    // what `?form-titles` gives: a form locale file's `_form` words alone
    titles: Object.fromEntries(
      Object.entries(localeTree)
        .filter(([path]) => path.split('/').length > 2)
        .map(([path, json]) => [
          `/locales/${path}`,
          loader(`/locales/${path}?form-titles`, () => ({ _form: (json as { _form: unknown })._form })),
        ]),
    ),
  };
  return { sources, fetched };
}

const LOGIN = { forms: [{ form: 'auth/login' }] };

type Lazy = ReturnType<typeof createLazyEngine>;
type Needs = Parameters<Lazy['ready']>[0];

/** Waits for `needs` (which must not be loaded yet) and answers the engine. */
async function loaded(lazy: Lazy, needs: Needs, lang: 'en' | 'tr'): Promise<ClientFormEngine> {
  const promise = lazy.ready(needs, lang) as Promise<void> & { status?: string };
  expect(promise.status).toBeUndefined();
  await promise;
  return lazy.current();
}

const statusOf = (promise: Promise<void>) => (promise as Promise<void> & { status?: string }).status;

describe('the lazily loaded form engine (ADR 007)', () => {
  it('knows the manifests without fetching anything', () => {
    const { sources, fetched } = repositorySources();
    const lazy = createLazyEngine(sources);
    expect(statusOf(lazy.ready({}, 'en'))).toBe('fulfilled');
    expect(lazy.current().registry.manifest('intake').parts.length).toBe(4);
    expect(fetched).toEqual([]);
  });

  it('fetches only the drawn form version (latest when not named) and its texts in the language in use', async () => {
    const { sources, fetched } = repositorySources();
    const engine = await loaded(createLazyEngine(sources), LOGIN, 'tr');
    expect(fetched.sort()).toEqual(
      [
        '/locales/tr/auth/login.json',
        '/locales/tr/common.json',
        '/schemas/auth/login/v1.schema.json',
        '/schemas/auth/login/v1.ui.json',
        'auth/login@1',
      ].sort(),
    );
    expect(engine.registry.get('auth/login').version).toBe(1);
    expect(engine.registry.has('intake/demographics')).toBe(false);
    const ui = engine.uiSchema('auth/login', 1, 'tr') as Record<string, Record<string, unknown>>;
    expect(ui.email?.['ui:title']).toBe('E-posta adresi');
    expect(engine.validate('auth/login', 1, {}, { mode: 'full', lang: 'tr' })).toContainEqual(
      expect.objectContaining({ field: 'email' }),
    );
  });

  it('answers the same promise for the same needs, settled once they are in (React reads it every render)', async () => {
    const { sources, fetched } = repositorySources();
    const lazy = createLazyEngine(sources);
    const first = lazy.ready(LOGIN, 'en');
    expect(lazy.ready({ forms: [{ form: 'auth/login' }] }, 'en')).toBe(first);
    await first;
    expect(lazy.ready({ forms: [{ form: 'auth/login' }] }, 'en')).toBe(first);
    expect(statusOf(first)).toBe('fulfilled');
    // other needs already covered by what is loaded: settled at once, nothing fetched
    expect(statusOf(lazy.ready({ texts: ['auth/login'] }, 'en'))).toBe('fulfilled');
    expect(fetched).toHaveLength(5);
  });

  it('fetches titles alone for forms only named by title (the section navigation, ADR 009)', async () => {
    const { sources, fetched } = repositorySources();
    const engine = await loaded(
      createLazyEngine(sources),
      { texts: ['intake/demographics', 'intake/medical-history'] },
      'en',
    );
    expect(fetched.sort()).toEqual(
      [
        '/locales/en/intake/demographics.json?form-titles',
        '/locales/en/intake/medical-history.json?form-titles',
      ].sort(),
    );
    expect(engine.t('en', 'intake/medical-history', '_form.title')).toMatch(/Medical/);
    // the rest of the form's words stays on the server until the form is drawn
    expect(engine.t('en', 'intake/medical-history', '_groups.pastMedicalHistory.title')).not.toBe(
      'Past Medical History',
    );
  });

  it('gives a section page its own form whole and the other sections titles, in a new language too', async () => {
    const { sources, fetched } = repositorySources();
    const lazy = createLazyEngine(sources);
    const parts = ['intake/demographics', 'intake/complaint-history', 'intake/medical-history'];
    await Promise.all([
      lazy.ready({ texts: parts }, 'en'),
      lazy.ready({ forms: [{ form: 'intake/complaint-history' }] }, 'en'),
    ]);
    const locales = (lang: string) => fetched.filter((key) => key.startsWith(`/locales/${lang}/`)).sort();
    expect(locales('en')).toEqual([
      '/locales/en/common.json',
      '/locales/en/intake/complaint-history.json',
      '/locales/en/intake/complaint-history.json?form-titles',
      '/locales/en/intake/demographics.json?form-titles',
      '/locales/en/intake/medical-history.json?form-titles',
    ]);
    const engine = lazy.current();
    expect(engine.t('en', 'intake/complaint-history', '_form.shortTitle')).toBeTruthy();
    expect(engine.t('en', 'intake/demographics', '_form.shortTitle')).toBeTruthy();

    // a drawn form's whole file holds its titles: they are not fetched again
    await lazy.prepareLanguage('tr');
    expect(locales('tr')).toEqual([
      '/locales/tr/common.json',
      '/locales/tr/intake/complaint-history.json',
      '/locales/tr/intake/demographics.json?form-titles',
      '/locales/tr/intake/medical-history.json?form-titles',
    ]);
    const tr = (id: string) =>
      (localeTree[`tr/${id}.json`] as { _form: { shortTitle: string } })._form.shortTitle;
    expect(lazy.current().t('tr', 'intake/demographics', '_form.shortTitle')).toBe(tr('intake/demographics'));
  });

  it('answers titles of a drawn form only once its whole file is in, fetched once', async () => {
    const { sources, fetched } = repositorySources();
    const path = '/locales/en/intake/demographics.json';
    const load = sources.locales[path] as () => Promise<unknown>;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // the drawn form's texts arrive late, as on a slow network
    let asked = false;
    sources.locales[path] = async () => {
      asked = true;
      await gate;
      return load();
    };
    const lazy = createLazyEngine(sources);
    const drawn = lazy.ready({ forms: [{ form: 'intake/demographics' }] }, 'en');
    const titles = lazy.ready({ texts: ['intake/demographics', 'intake/medical-history'] }, 'en');
    let titlesIn = false;
    void titles.then(() => {
      titlesIn = true;
    });
    // everything but the held file has come in (the other title, asked after, is answered), and a turn of the
    // event loop has let every promise not waiting on that file settle: without the hold, titles are in by now
    await lazy.ready({ texts: ['intake/medical-history'] }, 'en');
    await vi.waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(titlesIn).toBe(false);
    release();
    await titles;
    expect(lazy.current().t('en', 'intake/demographics', '_form.title')).toBe('Demographics');
    await drawn;
    expect(fetched.filter((key) => key.startsWith(path))).toEqual([path]);
  });

  it('fetches whole files for titles when there are no title loaders (tests, older setups)', async () => {
    const { sources, fetched } = repositorySources();
    const engine = await loaded(
      createLazyEngine({ ...sources, titles: undefined }),
      { texts: ['intake/medical-history'] },
      'en',
    );
    expect(fetched.sort()).toEqual(['/locales/en/common.json', '/locales/en/intake/medical-history.json']);
    expect(engine.t('en', 'intake/medical-history', '_form.title')).toMatch(/Medical/);
  });

  it('loads the texts of the forms in use in the new language before a switch, and nothing else', async () => {
    const { sources, fetched } = repositorySources();
    const lazy = createLazyEngine(sources);
    await lazy.ready(LOGIN, 'en');
    fetched.length = 0;
    await lazy.prepareLanguage('tr');
    expect(fetched.sort()).toEqual(['/locales/tr/auth/login.json', '/locales/tr/common.json']);
    expect(statusOf(lazy.ready(LOGIN, 'tr'))).toBe('fulfilled');
    const engine = lazy.current();
    expect(engine.t('tr', 'auth/login', '_form.title')).toBe(
      (localeTree['tr/auth/login.json'] as { _form: { title: string } })._form.title,
    );
  });

  it('fetches the lazily loaded widgets a form names beside its other pieces, once (ADR 098)', async () => {
    const { sources, fetched } = repositorySources();
    const names = Object.fromEntries(
      createRegistry(schemaTree)
        .list()
        .map((form) => [`${form.id}@${form.version}`, widgetNamesOf(form.uiSchema)]),
    );
    const asked: (readonly string[])[] = [];
    const lazy = createLazyEngine({
      ...sources,
      widgets: {
        names,
        load: async (widgetNames) => {
          asked.push(widgetNames);
        },
      },
    });
    const ready = lazy.ready(LOGIN, 'en');
    // asked with the form's files at once, not after its UI schema arrived
    expect(asked).toEqual([names['auth/login@1']]);
    expect(fetched).toContain('/schemas/auth/login/v1.ui.json');
    await ready;
    expect(asked[0]).toContain('password');
    await lazy.ready({ forms: [{ form: 'auth/login', version: 1 }] }, 'tr');
    expect(asked).toHaveLength(1);
  });

  it("fetches RJSF's array field beside the pieces of a form with an array only, once (ADR 139)", async () => {
    const { sources } = repositorySources();
    const forms = createRegistry(schemaTree)
      .list()
      .filter((form) => hasArray(form.schema))
      .map((form) => `${form.id}@${form.version}`);
    expect(forms).toContain('intake/medical-history@1');
    expect(forms).not.toContain('auth/login@1');
    let asked = 0;
    const lazy = createLazyEngine({
      ...sources,
      arrays: {
        forms,
        load: async () => {
          asked += 1;
        },
      },
    });
    await lazy.ready(LOGIN, 'en');
    expect(asked).toBe(0);
    const ready = lazy.ready({ forms: [{ form: 'intake/medical-history', version: 1 }] }, 'en');
    // asked with the form's files at once, not after its schema arrived
    expect(asked).toBe(1);
    await ready;
    await lazy.ready({ forms: [{ form: 'intake/family-social-life' }] }, 'en');
    expect(asked).toBe(1);
  });

  it('rejects when a piece cannot be fetched, and fetches it again when asked again', async () => {
    const fail = new Set(['auth/login@1']);
    const { sources, fetched } = repositorySources(fail);
    const lazy = createLazyEngine(sources);
    await expect(lazy.ready(LOGIN, 'en')).rejects.toThrow(/network error/);
    fail.clear();
    const engine = await loaded(lazy, LOGIN, 'en');
    expect(engine.registry.get('auth/login').id).toBe('auth/login');
    expect(fetched.filter((key) => key === 'auth/login@1')).toHaveLength(2);
  });

  it('loads every form version in both languages for the authors preview', async () => {
    const { sources } = repositorySources();
    const engine = await loaded(createLazyEngine(sources), { all: true, langs: ['en', 'tr'] }, 'en');
    expect(engine.registry.list().map((f) => `${f.id}@${f.version}`)).toEqual(
      Object.keys(sources.validators).sort(),
    );
  });
});
