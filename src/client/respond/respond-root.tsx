import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QuestionnaireFormEngineProvider } from '../forms/questionnaire-form-engine-provider';
import type { LinkView, Outcome } from './respond-api';
import { RespondPage } from './respond-page';

export interface RespondRootProps {
  token: string;
  code: string | undefined;
  first: Outcome<LinkView>;
}

/** The respondent page's tree, the same on the server (drawn to HTML) and in the browser (ADR 134). */
export function RespondRoot({ i18n, ...props }: RespondRootProps & { i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QuestionnaireFormEngineProvider>
        <RespondPage {...props} />
      </QuestionnaireFormEngineProvider>
    </I18nextProvider>
  );
}
