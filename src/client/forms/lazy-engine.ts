/**
 * A form engine fetched piece by piece (ADR 007): a screen names the forms it draws, and only those
 * versions' schemas, precompiled validators and texts in the language in use are loaded; the engine is
 * rebuilt over what has arrived. A form named only for its titles (`texts`) loads its `_form` words alone
 * (ADR 009). Before a language switch, the texts of the forms in use load in the new language.
 */
import type { Lang } from '../../forms/types';
import type { FormRef } from '../../shared';
import {
  type ClientFormEngine,
  createPrecompiledEngine,
  type PrecompiledFormModule,
  type PrecompiledValidatorLoaders,
  type PrecompiledValidators,
  type RjsfValidatorCache,
} from './client-engine';
import type { FormEngineLoader, FormNeed } from './engine-context';

type Loaders = Record<string, () => Promise<unknown>>;

/** Store key suffix of a form's `_form` words, apart from its whole file. */
const TITLES_KEY = '#titles';

/** Where the pieces come from: Vite globs and `virtual:form-validators` in the app, fixtures in tests. */
export interface LazyEngineSources {
  /** `/schemas/<area>/manifest.json` -> manifest, bundled (small; the intake's section list). */
  manifests: Record<string, unknown>;
  /** `/schemas/<form id>/v<N>.schema.json` and `.ui.json` -> loader. */
  schemas: Loaders;
  /** `/locales/<lang>/<form id>.json` and `/locales/<lang>/common.json` -> loader. */
  locales: Loaders;
  /** `<form id>@<version>` -> loader of the precompiled validators (every form version has one). */
  validators: PrecompiledValidatorLoaders;
  /** `/locales/<lang>/<form id>.json` -> loader of that file's `_form` words alone; absent: whole files. */
  titles?: Loaders;
  /** The widgets each form version names, and how the lazily loaded ones are fetched (ADR 098). */
  widgets?: {
    names: Record<string, readonly string[]>;
    load: (names: readonly string[]) => Promise<void>;
  };
  /** The form versions whose schema has an array, and how RJSF's array field is fetched (ADR 139). */
  arrays?: { forms: readonly string[]; load: () => Promise<void> };
}

export interface LazyEngine extends FormEngineLoader {
  /** Loads the texts of the forms in use in `lang` (before the interface switches to it). */
  prepareLanguage(lang: Lang): Promise<void>;
}

interface Piece {
  key: string;
  loaded: () => boolean;
  load: () => Promise<void>;
}

export function createLazyEngine(sources: LazyEngineSources): LazyEngine {
  const schemaFiles: Record<string, unknown> = {};
  const localeFiles: Record<string, unknown> = {};
  /** `_form` words of forms named for their titles only; a whole file of the same path supersedes them. */
  const titleFiles: Record<string, unknown> = {};
  const validators: PrecompiledValidators = {};
  /** Form versions whose widgets are in (their code fetched, when some load lazily); `array-field` once in. */
  const widgetSets: Record<string, true> = {};
  /** One fetch per file, shared by every screen asking; dropped when it fails, so a retry fetches again. */
  const fetches = new Map<string, Promise<void>>();
  /** One promise per needs and language, kept once settled: React's `use` reads it on every render. */
  const readiness = new Map<string, Promise<void>>();
  /** Forms whose texts are in use: a language switch loads them in the new language first. */
  const textForms = new Set<string>();
  /** Forms whose titles alone are in use, likewise. */
  const titleForms = new Set<string>();
  const rjsfValidatorCache: RjsfValidatorCache = new WeakMap();
  let engine: ClientFormEngine | undefined;

  const versionsOf = (): FormRef[] =>
    Object.keys(sources.validators).map((key) => {
      const at = key.lastIndexOf('@');
      return { form: key.slice(0, at), version: Number(key.slice(at + 1)) };
    });

  const latestVersion = (id: string): number | undefined => {
    const versions = versionsOf()
      .filter((ref) => ref.form === id)
      .map((ref) => ref.version);
    return versions.length > 0 ? Math.max(...versions) : undefined;
  };

  const piece = (key: string, store: Record<string, unknown>, load: (() => Promise<unknown>) | undefined) =>
    load
      ? [
          {
            key,
            loaded: () => Object.hasOwn(store, key),
            load: () => {
              if (Object.hasOwn(store, key)) return Promise.resolve();
              let pending = fetches.get(key);
              if (!pending) {
                pending = load().then(
                  (value) => {
                    store[key] = value;
                    engine = undefined;
                  },
                  (error: unknown) => {
                    fetches.delete(key);
                    throw error;
                  },
                );
                fetches.set(key, pending);
              }
              return pending;
            },
          } satisfies Piece,
        ]
      : [];

  /** The form version's lazily loaded widgets, fetched beside its schema (not after its UI schema arrives). */
  const widgetPieces = (key: string): Piece[] => {
    const widgets = sources.widgets;
    const names = widgets?.names[key];
    if (!widgets || !names || names.length === 0) return [];
    return piece(`widgets:${key}`, widgetSets, () => widgets.load(names).then(() => true as const));
  };

  /** RJSF's array field, fetched beside the schema of a form version that has an array. */
  const arrayPieces = (key: string): Piece[] => {
    const arrays = sources.arrays;
    if (!arrays?.forms.includes(key)) return [];
    return piece('array-field', widgetSets, () => arrays.load().then(() => true as const));
  };

  const formPieces = ({ form: id, version }: FormNeed): Piece[] => {
    const chosen = version ?? latestVersion(id);
    const key = `${id}@${chosen}`;
    // an unknown form loads nothing: the registry then answers "form not found", as for any typo
    if (chosen === undefined || !sources.validators[key]) return [];
    const schema = `/schemas/${id}/v${chosen}.schema.json`;
    const ui = `/schemas/${id}/v${chosen}.ui.json`;
    return [
      ...piece(schema, schemaFiles, sources.schemas[schema]),
      ...piece(ui, schemaFiles, sources.schemas[ui]),
      ...piece(key, validators, sources.validators[key] as () => Promise<PrecompiledFormModule>),
      ...widgetPieces(key),
      ...arrayPieces(key),
    ];
  };

  const textPieces = (ids: ReadonlySet<string>, lang: Lang): Piece[] => {
    // common.json holds the generic validation messages every form falls back to
    if (ids.size === 0) return [];
    const paths = [`/locales/${lang}/common.json`, ...[...ids].map((id) => `/locales/${lang}/${id}.json`)];
    return paths.flatMap((path) => piece(path, localeFiles, sources.locales[path]));
  };

  const titlePieces = (ids: ReadonlySet<string>, lang: Lang): Piece[] => {
    if (!sources.titles) return textPieces(ids, lang);
    return [...ids].flatMap((id) => {
      const path = `/locales/${lang}/${id}.json`;
      // a drawn form's whole file holds its titles too: wait for that fetch (shared) rather than start another
      if (textForms.has(id) || Object.hasOwn(localeFiles, path))
        return piece(path, localeFiles, sources.locales[path]);
      return piece(`${path}${TITLES_KEY}`, titleFiles, sources.titles?.[path]);
    });
  };

  const titlesByPath = () =>
    Object.fromEntries(
      Object.entries(titleFiles).map(([key, words]) => [key.slice(0, -TITLES_KEY.length), words]),
    );

  const current = (): ClientFormEngine => {
    engine ??= createPrecompiledEngine({
      schemaFiles: { ...sources.manifests, ...schemaFiles },
      localeFiles: { ...titlesByPath(), ...localeFiles },
      validators,
      rjsfValidatorCache,
    });
    return engine;
  };

  return {
    current,
    ready(needs, lang) {
      const forms = (needs.forms ?? []).map((f) => `${f.form}@${f.version ?? ''}`).join();
      const signature = `${lang}|${needs.all ? '*' : forms}|${(needs.texts ?? []).join()}|${(needs.langs ?? []).join()}`;
      const known = readiness.get(signature);
      if (known) return known;

      const refs: readonly FormNeed[] = needs.all ? versionsOf() : (needs.forms ?? []);
      const ids = new Set(refs.map((ref) => ref.form));
      const titled = new Set((needs.texts ?? []).filter((id) => !ids.has(id)));
      for (const id of ids) textForms.add(id);
      for (const id of titled) titleForms.add(id);
      const pieces = refs.flatMap(formPieces);
      for (const language of needs.langs ?? [lang])
        pieces.push(...textPieces(ids, language), ...titlePieces(titled, language));
      const missing = pieces.filter((p) => !p.loaded());
      const promise: Promise<void> & { status?: string; value?: undefined; reason?: unknown } = Promise.all(
        missing.map((p) => p.load()),
      ).then(
        () => {
          // settled for React's `use` even where it never saw the promise pending
          Object.assign(promise, { status: 'fulfilled', value: undefined });
        },
        (error: unknown) => {
          Object.assign(promise, { status: 'rejected', reason: error });
          // asked again later (after an error screen's retry): fetch again
          readiness.delete(signature);
          throw error;
        },
      );
      if (missing.length === 0) Object.assign(promise, { status: 'fulfilled', value: undefined });
      readiness.set(signature, promise);
      return promise;
    },
    async prepareLanguage(lang) {
      const pieces = [...textPieces(textForms, lang), ...titlePieces(titleForms, lang)];
      await Promise.all(pieces.map((p) => p.load()));
    },
  };
}
