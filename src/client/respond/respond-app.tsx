import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AppFormEngineProvider } from '../forms/app-form-engine-provider';
import { currentLanguage, i18n, i18nReady } from '../i18n';
import type { LinkView, Outcome } from './respond-api';
import { RespondPage } from './respond-page';

/** Mounts the respondent's page once its language's texts are in. */
export function mountRespondent(
  root: HTMLElement,
  props: { token: string; code: string | undefined; first: Outcome<LinkView> },
) {
  if (props.first.kind === 'ok') {
    // the questionnaire's schema, validator and texts start beside the interface texts, not after the first render
    const { formId, version } = props.first.value.questionnaire;
    const lang = currentLanguage();
    void import('../forms/app-engine')
      .then(({ formsReady }) => formsReady({ forms: [{ form: formId, version }] }, lang))
      .catch(() => undefined);
  }
  void i18nReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <AppFormEngineProvider>
            <RespondPage {...props} />
          </AppFormEngineProvider>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
}
