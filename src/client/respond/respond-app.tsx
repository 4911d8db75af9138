import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QuestionnaireFormEngineProvider } from '../forms/questionnaire-form-engine-provider';
import { i18n, i18nReady } from '../i18n/i18n';
import { HydratedContext } from './hydrated';
import { editsBefore, goLive, replayEdits } from './hydration-edits';
import type { LinkView, Outcome } from './respond-api';
import { RespondRoot } from './respond-root';

/**
 * Mounts the respondent's page once its language's texts and its questionnaire are in; `hydrate` takes over the
 * server's page (ADR 134), keeping what was answered on it before.
 */
export function mountRespondent(
  root: HTMLElement,
  props: { token: string; code: string | undefined; first: Outcome<LinkView> },
  questionnaireReady: Promise<void>,
  hydrate = false,
) {
  // drawn once its texts, engine and questionnaire are in: a first render that suspends shows its content only
  // after React's reveal delay; a failed fetch is the page's to show (it asks again on render)
  void Promise.all([i18nReady, QuestionnaireFormEngineProvider.preload(), questionnaireReady])
    .catch(() => undefined)
    .then(() => {
      if (!hydrate) {
        goLive(root, false);
        createRoot(root).render(
          <StrictMode>
            <RespondRoot i18n={i18n} {...props} />
          </StrictMode>,
        );
        return;
      }
      // read once the fields are hydrated (hydration keeps inputs as they are, answered before or during it);
      // once: StrictMode runs effects twice in development
      let replayed = false;
      const replay = () => {
        if (replayed) return;
        replayed = true;
        replayEdits(root, editsBefore(root));
        goLive(root, true);
      };
      hydrateRoot(
        root,
        <StrictMode>
          <HydratedContext value={replay}>
            <RespondRoot i18n={i18n} {...props} />
          </HydratedContext>
        </StrictMode>,
      );
    });
}
