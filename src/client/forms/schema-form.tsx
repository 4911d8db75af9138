import Form, { type IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import { type ReactNode, type Ref, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, type FieldError, isLang, type Lang, type ValidationMode } from '../../forms';
import { LoadingBlock } from '../components/spinner';
import { createRjsfTranslator } from '../i18n/rjsf-translator';
import { useFormEngine } from './engine-context';
import { fields } from './fields';
import { fieldIdFor, focusField } from './focus-field';
import type { SchemaFormContext, ScreenFormContext } from './form-context';
import { createFormText, FormTextProvider } from './form-text';
import { hideFields } from './hidden-fields';
import { type PendingEdits, usePendingEdits } from './pending-edits';
import { fieldOrder, sortByFieldOrder, toFieldError, toRawError, toRjsfError } from './rjsf-errors';
import { errorSummaryId, templates } from './templates';
import { widgets } from './widgets';

type Data = Record<string, unknown>;

/** `const: true` (consent boxes) must not pre-fill the field: the user has to tick it. */
const DEFAULT_FORM_STATE_BEHAVIOR = { constAsDefaults: 'never' } as const;

export interface SchemaFormProps<T extends object = Data> {
  /** Form id, the path under `schemas/` (`intake/demographics`). */
  formId: string;
  /** Form version; the latest when omitted (saved records pass the version they were filled against). */
  version?: number;
  /** The language the form's words and messages are drawn in; the page's when omitted (ADR 111). */
  lang?: Lang;
  /** Who answers a questionnaire: their wording overlay is drawn over the base texts (ADR 126); none: the base. */
  respondent?: string | null;
  formData?: T;
  /** Every change, with the changed field's id. */
  onChange?: (formData: T, fieldId?: string) => void;
  /** Called with the data once it passes validation in `mode`. */
  onSubmit: (formData: T) => void;
  /** Called with the translated errors of a refused submit. */
  onError?: (errors: FieldError[]) => void;
  /** `full` (default) reports every error; `draft` lets incomplete data through (ADR 003). */
  mode?: ValidationMode;
  /** Upload function, KVKK consent callback...; keep it referentially stable. */
  formContext?: ScreenFormContext;
  disabled?: boolean;
  readonly?: boolean;
  /** Server field errors; build them with `toErrorSchema(fields)`. */
  extraErrors?: ErrorSchema<T>;
  /** The screen's buttons (submit and others); without children a Submit button is drawn. */
  children?: ReactNode;
  /** Prefix of every field id (default `root`); must differ between forms on one page. */
  idPrefix?: string;
  /** Where focus goes after a refused submit: the error summary (default, GOV.UK) or the first invalid field. */
  errorFocus?: 'field' | 'summary';
  /** Validate on every change from the start, not only after the first submit (author preview). */
  liveValidate?: boolean;
  /**
   * Keeps only the errors that count for the data (a questionnaire drops those of its hidden items, ADR 107);
   * keep it referentially stable.
   */
  errorFilter?: (errors: FieldError[], formData: T) => FieldError[];
  /** `false`: no error summary at the top and no focus move; the screen draws and focuses its own list. */
  errorSummary?: boolean;
  /** Top-level fields not drawn (a questionnaire's items whose show-if is false); a group left empty hides. */
  hiddenFields?: readonly string[];
  className?: string;
  formRef?: Ref<Form<T>>;
  /**
   * Text typed but not yet in `formData` (ADR 006). Pass the screen's (`usePendingEdits()`) when the screen
   * reads the data outside a submit (auto-save, leave guard): `flush()` first, `hasPending()` counts as
   * unsaved. Without it the form keeps its own; a submit flushes it either way.
   */
  pendingEdits?: PendingEdits;
}

/** RJSF's validator, with every error translated by the engine in the form's language and mode. */
function localizingValidator(
  base: ValidatorType,
  localize: (errors: RJSFValidationError[], formData: unknown) => RJSFValidationError[],
): ValidatorType {
  const wrapper = Object.create(base) as ValidatorType;
  wrapper.validateFormData = (formData, schema, customValidate, transformErrors, uiSchema) =>
    base.validateFormData(
      formData,
      schema,
      customValidate,
      (errors, ui) => {
        const localized = localize(errors, formData);
        return transformErrors ? transformErrors(localized, ui) : localized;
      },
      uiSchema,
    );
  return wrapper;
}

/**
 * Draws any form of `schemas/` with the product's widgets and templates, in the current language (or `lang`).
 * Validates on submit, then on every change; a refused submit shows the error summary and moves focus to
 * it (GOV.UK: the summary is read out, and each of its links leads to a field). Messages come from the engine (field key, then generic key), never from Ajv.
 * Free-text fields hand their text over when typing pauses (ADR 006): `onChange` follows the user by up to
 * `TEXT_COMMIT_DELAY` ms, and a submit always sees what was typed.
 */
export function SchemaForm<T extends object = Data>(props: SchemaFormProps<T>) {
  // the app's engine arrives in its own chunk: 'Loading...' in the form's place, the rest of the page stays
  return (
    <Suspense fallback={<LoadingBlock />}>
      <SchemaFormBody {...props} />
    </Suspense>
  );
}

function SchemaFormBody<T extends object = Data>(props: SchemaFormProps<T>) {
  const { formId, version, mode = 'full', idPrefix = 'root', errorFocus = 'summary', errorFilter } = props;
  const errorSummary = props.errorSummary ?? true;
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const lang: Lang = props.lang ?? (isLang(language) ? language : DEFAULT_LANG);
  const engine = useFormEngine({
    forms: [{ form: formId, version }],
    ...(props.lang ? { langs: [props.lang] } : {}),
  });

  const form = engine.registry.get(formId, version);
  const engineUiSchema = engine.uiSchema(form.id, form.version, lang, props.respondent) as UiSchema<T>;
  // keyed by the names, not the array: a new array with the same fields keeps the uiSchema (and focus)
  const hiddenKey = props.hiddenFields?.join('\n') ?? '';
  const uiSchema = useMemo(
    () => hideFields(engineUiSchema, hiddenKey ? hiddenKey.split('\n') : []),
    [engineUiSchema, hiddenKey],
  );
  const baseValidator = engine.rjsfValidator(form);
  const order = useMemo(() => fieldOrder(form.schema, form.uiSchema), [form]);
  const validator = useMemo(
    () =>
      localizingValidator(baseValidator, (errors, data) => {
        const localized = engine.localize(form.id, errors.map(toRawError), { mode, lang, data });
        const counted = errorFilter ? errorFilter(localized, (data ?? {}) as T) : localized;
        return sortByFieldOrder(counted, order).map(toRjsfError);
      }),
    [baseValidator, engine, form.id, mode, lang, order, errorFilter],
  );
  const { t } = useTranslation('widgets', { lng: lang });
  const translateString = useMemo(() => createRjsfTranslator(t), [t]);
  // one cache per language (and per locale reload): templates and widgets do not call i18next per render
  const formText = useMemo(() => createFormText(t), [t]);
  const ownPending = usePendingEdits();
  const pendingEdits = props.pendingEdits ?? ownPending;

  // The form's data lives here too, so widgets can set a sibling field (the KVKK consent).
  const [data, setData] = useState<T | undefined>(props.formData);
  const [lastProp, setLastProp] = useState(props.formData);
  if (props.formData !== lastProp) {
    setLastProp(props.formData);
    setData(props.formData);
  }
  const latest = useRef({ data, onChange: props.onChange });
  latest.current = { data, onChange: props.onChange };
  const [submitted, setSubmitted] = useState(false);

  const update = useCallback((next: T, fieldId?: string) => {
    latest.current.data = next;
    setData(next);
    latest.current.onChange?.(next, fieldId);
  }, []);

  const screenContext = props.formContext;
  const formContext = useMemo<SchemaFormContext>(
    () => ({
      ...screenContext,
      formId: form.id,
      pendingEdits,
      getRootValue: (key) => (latest.current.data as Data | undefined)?.[key],
      setRootValue: (key, value) => update({ ...(latest.current.data ?? {}), [key]: value } as T),
    }),
    [screenContext, form.id, update, pendingEdits],
  );

  // what was typed in one language is kept when the labels change to the other
  useEffect(() => {
    const flush = () => pendingEdits.flush();
    i18n.on('languageChanged', flush);
    return () => i18n.off('languageChanged', flush);
  }, [i18n, pendingEdits]);
  // RJSF validates and submits the changes queued in the same event: a submit without a blur (Enter) sees them
  const flushBeforeSubmit = useCallback(() => pendingEdits.flush({ sync: false }), [pendingEdits]);

  const onChange = useCallback(
    (event: IChangeEvent<T>, id?: string) => update(event.formData as T, id),
    [update],
  );
  const { onSubmit, onError } = props;
  const handleSubmit = useCallback((event: IChangeEvent<T>) => onSubmit(event.formData as T), [onSubmit]);
  const handleError = useCallback(
    (errors: RJSFValidationError[]) => {
      setSubmitted(true);
      onError?.(errors.map(toFieldError));
    },
    [onError],
  );
  const focusFirstError = useCallback(
    (error: RJSFValidationError) => {
      if (!errorSummary) return;
      const formElement = document.getElementById(errorSummaryId(idPrefix))?.closest('form') ?? document;
      if (errorFocus === 'summary' || !focusField(fieldIdFor(error?.property, idPrefix), formElement)) {
        document.getElementById(errorSummaryId(idPrefix))?.focus();
      }
    },
    [errorFocus, idPrefix, errorSummary],
  );

  return (
    <FormTextProvider value={formText}>
      <div className="contents" onSubmitCapture={flushBeforeSubmit}>
        <Form<T>
          // a language named by the screen is drawn anew: its texts may load while the form is hidden, and RJSF,
          // revealed again, keeps the labels it had (ADR 111); the data stays here
          key={props.lang}
          ref={props.formRef}
          schema={form.schema as RJSFSchema}
          uiSchema={uiSchema}
          validator={validator}
          formData={data}
          formContext={formContext}
          widgets={widgets}
          fields={fields}
          templates={templates}
          translateString={translateString}
          onChange={onChange}
          onSubmit={handleSubmit}
          onError={handleError}
          extraErrors={props.extraErrors}
          disabled={props.disabled}
          readonly={props.readonly}
          idPrefix={idPrefix}
          className={props.className ?? 'max-w-3xl'}
          noHtml5Validate
          showErrorList={errorSummary ? 'top' : false}
          liveValidate={submitted || props.liveValidate ? 'onChange' : undefined}
          focusOnFirstError={focusFirstError}
          experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE_BEHAVIOR}
        >
          {props.children}
        </Form>
      </div>
    </FormTextProvider>
  );
}
