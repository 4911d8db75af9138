import { createContext, type ReactNode, use, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang } from '../../forms/locales';
import { DEFAULT_LANG, type Lang } from '../../forms/types';
import type { FormRef } from '../../shared';
import type { ClientFormEngine } from './client-engine';

/** A form version a screen draws (the contract's `FormRef`); the latest when `version` is omitted. */
export type FormNeed = Pick<FormRef, 'form'> & Partial<Pick<FormRef, 'version'>>;

/** What a screen reads from the engine: the app fetches exactly that before the screen draws (ADR 007). */
export interface FormNeeds {
  /** Form versions drawn or validated: schema, UI schema, texts and precompiled validator. */
  forms?: readonly FormNeed[];
  /** Forms whose texts alone are shown (section titles in a navigation). */
  texts?: readonly string[];
  /** Every form version (the authors' preview). */
  all?: boolean;
  /** Languages the texts are needed in; default the page's language. */
  langs?: readonly Lang[];
}

/** Fetches what screens need, per form version and language, and answers with an engine over it. */
export interface FormEngineLoader {
  /**
   * Settles once `needs` have arrived in `lang`: the same promise for the same needs every time (React's
   * `use` reads it on every render), already settled when they are loaded.
   */
  ready(needs: FormNeeds, lang: Lang): Promise<void>;
  /** The engine over everything loaded so far. */
  current(): ClientFormEngine;
}

/** A ready engine (tests: an engine over fixture forms) or the app's loader. */
export type FormEngineSource = ClientFormEngine | FormEngineLoader;

const FormEngineContext = createContext<FormEngineSource | null>(null);

const NO_NEEDS: FormNeeds = {};

function isLoader(source: FormEngineSource): source is FormEngineLoader {
  return 'ready' in source;
}

/** Gives SchemaForm its engine; tests pass an engine over fixture forms. */
export function FormEngineProvider({ engine, children }: { engine: FormEngineSource; children: ReactNode }) {
  return <FormEngineContext.Provider value={engine}>{children}</FormEngineContext.Provider>;
}

/**
 * The engine of the nearest FormEngineProvider, with what `needs` names loaded in the page's language;
 * suspends (nearest Suspense shows 'Loading...') while that arrives.
 */
export function useFormEngine(needs: FormNeeds = NO_NEEDS): ClientFormEngine {
  const source = useContext(FormEngineContext);
  const { i18n } = useTranslation();
  if (!source) throw new Error('SchemaForm needs a form engine: wrap the app in <AppFormEngineProvider>.');
  if (!isLoader(source)) return source;
  const language = i18n.resolvedLanguage ?? i18n.language;
  // on every render, loaded or not: a suspended first render is replayed and must call the same hooks
  use(source.ready(needs, isLang(language) ? language : DEFAULT_LANG));
  return source.current();
}

/**
 * Starts loading the engine without suspending: a screen that reads it only once its own data has arrived (a
 * client's results) fetches both at once instead of one after the other; with `needs`, those forms too. True once
 * they have arrived (or failed, which the screen's own useFormEngine then shows): a screen that waits for it before
 * drawing draws in one go instead of suspending, which would redraw it in slices (ADR 143).
 */
export function useEngineWarmUp(needs: FormNeeds = NO_NEEDS): boolean {
  const source = useContext(FormEngineContext);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const lang = isLang(language) ? language : DEFAULT_LANG;
  const [settled, setSettled] = useState<{ needs: FormNeeds; lang: Lang } | null>(null);
  useEffect(() => {
    if (!source || !isLoader(source)) return;
    let live = true;
    const done = () => {
      if (live) setSettled({ needs, lang });
    };
    // a failure here is met again, and shown, by the screen's own useFormEngine
    source.ready(needs, lang).then(done, done);
    return () => {
      live = false;
    };
  }, [source, lang, needs]);
  return !source || !isLoader(source) || (settled?.needs === needs && settled.lang === lang);
}
