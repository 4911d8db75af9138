import { useId, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { formatDate } from '../../lib/format-date';
import type { QuestionnaireResults } from './api/types';
import type { Say } from './said-once';
import { useFocusAdded } from './use-focus-added';

/**
 * Flagged responses listed until "show all": the newest few and the count of all, so a long history's flags do not
 * push its charts off the first screen, and none is out of reach (ADR 147).
 */
export const LATEST_FLAGGED = 3;

type Response = QuestionnaireResults['responses'][number];

/** Who answered and when, so two informants' flags on one day are told apart (ADR 166). */
export function flagSource(
  response: Pick<Response, 'respondent' | 'submittedAt'>,
  t: Say,
  lang: string,
): string {
  const date = formatDate(response.submittedAt, lang);
  return response.respondent ? `${t(`respondents.${response.respondent}`)}, ${date}` : date;
}

/** A response's first flag is its entry in the list: it takes the focus when "show all" adds it. */
const entryOf = (entry: Element) => (entry instanceof HTMLElement ? entry : null);

/**
 * The flagged answers at the top of the results, newest response first: each flagged answer with who answered and
 * when; the latest LATEST_FLAGGED responses until asked for all, with the count of all of them above the list.
 */
export function FlaggedAnswers({
  responses,
  t,
  text,
  lang,
}: {
  /** The questionnaire's responses in time order, as the results give them. */
  responses: readonly Response[];
  t: Say;
  text: (key: string) => string;
  lang: string;
}) {
  const [all, setAll] = useState(false);
  const { list, adding } = useFocusAdded<HTMLUListElement>(entryOf);
  const noteId = useId();
  const flagged = responses.filter((r) => r.flags.length > 0).reverse();
  if (flagged.length === 0) return null;
  const shown = all ? flagged : flagged.slice(0, LATEST_FLAGGED);
  const hidden = flagged.length - shown.length;
  const showAll = () => {
    // the first response added begins after the flags already listed
    adding(shown.reduce((n, response) => n + response.flags.length, 0));
    setAll(true);
  };
  return (
    <Alert tone="error" role="none" title={t('results.flagsTitle')} className="break-inside-avoid">
      {hidden > 0 && (
        <p id={noteId} className="mb-2" data-flags-shown>
          {t('results.flagsShownOf', { shown: shown.length, total: flagged.length })}
        </p>
      )}
      <ul ref={list} className="list-disc space-y-1 pl-5" data-flagged>
        {shown.flatMap((response) =>
          response.flags.map((flag, i) => (
            <li key={`${response.id}-${flag.id}`} tabIndex={i === 0 ? -1 : undefined}>
              <strong>{text(flag.labelKey)}</strong>
              {/* one text node, not four: a long history lists hundreds (ADR 143) */}
              {` (${flagSource(response, t, lang)})`}
            </li>
          )),
        )}
      </ul>
      {hidden > 0 && (
        <Button variant="secondary" className="mt-3 print:hidden" aria-describedby={noteId} onClick={showAll}>
          {t('results.flagsShowAll', { total: flagged.length })}
        </Button>
      )}
    </Alert>
  );
}
