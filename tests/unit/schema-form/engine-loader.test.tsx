import { act, render, screen } from '@testing-library/react';
import { Suspense, startTransition, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import {
  type FormEngineLoader,
  FormEngineProvider,
  useFormEngine,
} from '../../../src/client/forms/engine-context';
import { createLazyEngine } from '../../../src/client/forms/lazy-engine';
import { i18n } from '../../../src/client/i18n';
import { readJsonTree } from '../../../src/forms/node';
import { FIXTURE_LOCALES, FIXTURE_SCHEMAS } from '../../fixtures/forms/precompiled-engine';

/** A loader over the fixture forms whose files arrive a microtask after being asked for. */
function fixtureLoader(): FormEngineLoader {
  const schemas = readJsonTree(FIXTURE_SCHEMAS);
  const locales = readJsonTree(FIXTURE_LOCALES);
  const loaders = (prefix: string, tree: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(tree).map(([path, json]) => [`/${prefix}/${path}`, async () => json]));
  return createLazyEngine({
    manifests: {},
    schemas: loaders('schemas', schemas),
    locales: loaders('locales', locales),
    // the texts are what this test waits for; validators are not asked for
    validators: { 'fixture/contact@1': async () => ({ rootId: 'x', validateFns: {} }) },
  });
}

/** Reads the engine twice, the second time suspending for texts, with hooks after each: as useFormText does. */
function Titles() {
  useFormEngine();
  const engine = useFormEngine({ texts: ['fixture/contact'] });
  const [lang] = useState<'en'>('en');
  return <h1>{engine.t(lang, 'fixture/contact', '_form.title')}</h1>;
}

describe('useFormEngine over the app loader', () => {
  it('suspends a first render until the texts arrive, then draws it (no React error on the replay)', async () => {
    const loader = fixtureLoader();
    await act(async () => {
      startTransition(() => {
        render(
          <I18nextProvider i18n={i18n}>
            <FormEngineProvider engine={loader}>
              <Suspense fallback={<p>Loading...</p>}>
                <Titles />
              </Suspense>
            </FormEngineProvider>
          </I18nextProvider>,
        );
      });
    });
    expect(await screen.findByRole('heading')).toHaveTextContent(/\S/);
  });
});
