/**
 * The form engine over the questionnaires alone, for the respondent's page (ADR 096): its indexes name only
 * `schemas/questionnaires/`, `locales/<lang>/questionnaires/` and their validators, so the page does not load
 * the account area's and intake's form lists. Each piece is fetched as in the app's engine (ADR 007).
 */
import { arrayForms, validators, widgetNames } from 'virtual:form-validators?area=questionnaires';
import type { Lang } from '../../forms/types';
import type { ClientFormEngine } from './client-engine';
import type { FormNeeds } from './engine-context';
import { loadArrayField } from './fields/array-field-loader';
import { createLazyEngine } from './lazy-engine';
import { loadLazyWidgets } from './widgets/lazy-widget-loader';

const lazy = createLazyEngine({
  manifests: {},
  schemas: import.meta.glob<unknown>(
    ['/schemas/questionnaires/**/v*.schema.json', '/schemas/questionnaires/**/v*.ui.json'],
    { import: 'default' },
  ),
  locales: import.meta.glob<unknown>(['/locales/*/questionnaires/**/*.json', '/locales/*/common.json'], {
    import: 'default',
  }),
  validators,
  widgets: { names: widgetNames, load: loadLazyWidgets },
  arrays: { forms: arrayForms, load: loadArrayField },
});

/** Settles once `needs` are loaded in `lang` (the same promise for the same needs). */
export function formsReady(needs: FormNeeds, lang: Lang): Promise<void> {
  return lazy.ready(needs, lang);
}

/** The engine over every questionnaire loaded so far. */
export function getAppFormEngine(): ClientFormEngine {
  return lazy.current();
}

/** The page reloads on a saved file in development: nothing to tell. */
export function subscribeAppFormEngine(): () => void {
  return () => undefined;
}
