/**
 * The product's SchemaForm (src/client/forms: widgets, templates, precompiled validators, translations) on
 * the same schema, outside the app shell: what an intake screen renders per keystroke, without its
 * surroundings (auto-save status, navigation). Used when the intake screens cannot be reached.
 */
import '../../src/client/styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AppFormEngineProvider, SchemaForm } from '../../src/client/forms';
import { i18n } from '../../src/client/i18n';
import { formFromLocation } from './forms';

const form = formFromLocation();
const onSubmit = () => undefined;
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppFormEngineProvider>
          <SchemaForm formId={form.id} formData={form.initial} mode="draft" onSubmit={onSubmit} />
        </AppFormEngineProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
