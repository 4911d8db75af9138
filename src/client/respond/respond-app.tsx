import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { QuestionnaireFormEngineProvider } from '../forms/questionnaire-form-engine-provider';
import { i18n, i18nReady } from '../i18n/i18n';
import type { LinkView, Outcome } from './respond-api';
import { RespondPage } from './respond-page';

/** Mounts the respondent's page once its language's texts and its questionnaire are in. */
export function mountRespondent(
  root: HTMLElement,
  props: { token: string; code: string | undefined; first: Outcome<LinkView> },
  questionnaireReady: Promise<void>,
) {
  // drawn once its texts, engine and questionnaire are in: a first render that suspends shows its content only
  // after React's reveal delay; a failed fetch is the page's to show (it asks again on render)
  void Promise.all([i18nReady, QuestionnaireFormEngineProvider.preload(), questionnaireReady])
    .catch(() => undefined)
    .then(() =>
      createRoot(root).render(
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <QuestionnaireFormEngineProvider>
              <RespondPage {...props} />
            </QuestionnaireFormEngineProvider>
          </I18nextProvider>
        </StrictMode>,
      ),
    );
}
