import { useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { FormDefinition, Lang } from '../../../forms';
import { NO_CONTEXT, type ScoringContext } from '../../../forms/questionnaires';
import { type FormNeeds, useFormEngine } from '../../forms/engine-context';
import type { ScreenFormContext } from '../../forms/form-context';
import { SchemaForm } from '../../forms/schema-form';
import { i18n, useInterfaceTexts } from '../../i18n';
import { ContextPicker } from './context-picker';
import { fakeUpload } from './fake-upload';
import { FormList } from './form-list';
import { PreviewErrorBoundary } from './preview-error-boundary';
import { previewCatalog } from './questionnaire-catalog';
import { QuestionnairePreview } from './questionnaire-preview';
import { ValidationOutput } from './validation-output';

const LANGUAGES: { lang: Lang; name: string }[] = [
  { lang: 'en', name: 'English' },
  { lang: 'tr', name: 'Türkçe' },
];

const previewContext: ScreenFormContext = { upload: fakeUpload };

/** Every form version, in both languages: the app otherwise fetches one form and one language at a time. */
const PREVIEW_NEEDS: FormNeeds = { all: true, langs: LANGUAGES.map(({ lang }) => lang) };

/**
 * The authors' preview (`/dev/forms`, development only): every discovered form version, drawn in English
 * and Turkish side by side on the same data, with full and draft validation and the data as JSON. A
 * questionnaire is drawn as it is filled in (show-if applied), with its live scores and bands, for a chosen
 * informant, age and sex (their wording, items and norms).
 * Saving a schema or locale file hot-reloads the engine, and this page with it.
 */
export function DevFormsPage() {
  // the only hook here: it suspends while both languages' interface texts arrive
  useInterfaceTexts(PREVIEW_NEEDS.langs ?? []);
  return <Preview />;
}

function Preview() {
  const engine = useFormEngine(PREVIEW_NEEDS);
  const forms = engine.registry.list();
  const [params, setParams] = useSearchParams();
  const requested = params.get('form');
  const requestedVersion = Number(params.get('v')) || undefined;
  const selected =
    forms.find(
      (f) => f.id === requested && (requestedVersion === undefined || f.version === requestedVersion),
    ) ?? forms[0];
  const [data, setData] = useState<Record<string, unknown>>({});
  const [submitted, setSubmitted] = useState<string | undefined>(undefined);
  const [context, setContext] = useState<ScoringContext>(NO_CONTEXT);
  // one i18n instance per column, sharing the app's resources (and their hot updates); the texts are in,
  // so each is ready at once
  const instances = useMemo(
    () =>
      Object.fromEntries(
        LANGUAGES.map(({ lang }) => [lang, i18n.cloneInstance({ lng: lang, initAsync: false })]),
      ),
    [],
  );

  const select = (form: FormDefinition) => {
    setParams({ form: form.id, v: String(form.version) });
    setData({});
    setSubmitted(undefined);
    setContext(NO_CONTEXT);
  };
  const key = selected ? `${selected.id}@${selected.version}` : '';
  const questionnaire = selected && questionnaireOf(selected);

  return (
    <div className="mx-auto max-w-[1600px] p-4 sm:p-6">
      <h1 className="text-3xl font-bold">Form preview</h1>
      <p className="mt-1 text-slate-600">
        {forms.length} form versions found in <code>schemas/</code>. Saving a schema or locale file reloads
        this page's forms.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <FormList forms={forms} selected={selected} onSelect={select} />
        {selected ? (
          <main className="min-w-0">
            <div className="flex flex-wrap items-center gap-4">
              <h2 className="text-2xl font-semibold">
                {selected.id} <span className="text-slate-600">v{selected.version}</span>
              </h2>
              <button
                type="button"
                className="min-h-11 rounded-md border-2 border-slate-400 px-4 hover:bg-slate-100"
                onClick={() => {
                  setData({});
                  setSubmitted(undefined);
                }}
              >
                Reset data
              </button>
            </div>
            {questionnaire && (
              <ContextPicker questionnaire={questionnaire} value={context} onChange={setContext} />
            )}
            <div className="mt-4 grid gap-6 xl:grid-cols-2">
              {LANGUAGES.map(({ lang, name }) => (
                <section
                  key={lang}
                  lang={lang}
                  aria-label={name}
                  className="min-w-0 rounded-lg bg-white p-4 shadow-sm"
                >
                  <h3 className="mb-4 border-b pb-2 text-lg font-semibold">
                    {name}: {engine.t(lang, selected.id, '_form.title')}
                  </h3>
                  <PreviewErrorBoundary resetKey={key}>
                    <I18nextProvider i18n={instances[lang]!}>
                      {questionnaire ? (
                        <QuestionnairePreview
                          key={key}
                          questionnaire={questionnaire}
                          data={data}
                          onChange={setData}
                          idPrefix={`preview-${lang}`}
                          context={context}
                        />
                      ) : (
                        <SchemaForm
                          key={key}
                          formId={selected.id}
                          version={selected.version}
                          formData={data}
                          onChange={setData}
                          onSubmit={() => setSubmitted(`${name}: submitted without errors`)}
                          formContext={previewContext}
                          idPrefix={`preview-${lang}`}
                          liveValidate
                          className=""
                        />
                      )}
                    </I18nextProvider>
                  </PreviewErrorBoundary>
                </section>
              ))}
            </div>
            {submitted && (
              <p role="status" className="mt-4 font-semibold text-green-800">
                {submitted}
              </p>
            )}
            <PreviewErrorBoundary resetKey={key}>
              <LiveOutput form={selected} data={data} />
            </PreviewErrorBoundary>
          </main>
        ) : (
          <p>No forms found under schemas/.</p>
        )}
      </div>
    </div>
  );
}

/** The questionnaire a form version is, when it is one (a folder of `schemas/questionnaires/` with scoring). */
function questionnaireOf(form: FormDefinition) {
  const id = form.id.replace(/^questionnaires\//, '');
  return id !== form.id && previewCatalog.has(id, form.version)
    ? previewCatalog.get(id, form.version)
    : undefined;
}

/** Full and draft validation in both languages, and the data as the server would receive it. */
function LiveOutput({ form, data }: { form: FormDefinition; data: Record<string, unknown> }) {
  const engine = useFormEngine(PREVIEW_NEEDS);
  return (
    <div className="mt-6 grid gap-6 xl:grid-cols-2">
      <div className="space-y-3">
        <h3 className="text-lg font-semibold">Validation</h3>
        {LANGUAGES.flatMap(({ lang, name }) =>
          (['full', 'draft'] as const).map((mode) => (
            <ValidationOutput
              key={`${lang}-${mode}`}
              title={`${name}, ${mode}`}
              errors={engine.validate(form.id, form.version, data, { mode, lang })}
            />
          )),
        )}
      </div>
      <div>
        <h3 className="text-lg font-semibold">Form data</h3>
        <pre className="mt-3 overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-50">
          {JSON.stringify(data, null, 2)}
        </pre>
      </div>
    </div>
  );
}
