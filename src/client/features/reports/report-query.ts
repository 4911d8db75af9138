import type { QuestionnaireRespondent } from '../../../shared';
import { type ChangeReportQuery, QUESTIONNAIRE_RESPONDENTS, yearEndingOn } from '../../../shared';

/** Today in Istanbul, YYYY-MM-DD: the product's days are Istanbul's (ADR 114). */
export function istanbulToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(now);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The questionnaire a report opens on: the one the address names, else the most recently answered one that has
 * scores to report (`answered`, newest first), else the library's first.
 */
export function openingQuestionnaire<Q extends { id: string }>(
  library: readonly Q[],
  asked: string | null,
  answered: readonly string[],
): Q | undefined {
  const byId = (id: string | null) => library.find((q) => q.id === id);
  return byId(asked) ?? answered.map(byId).find((q) => q !== undefined) ?? library[0];
}

/**
 * The report the address asks for, completed with defaults (ADR 129): the questionnaire `opening` names (else the
 * first) and its first scale, its first respondent when it has several, the twelve months up to today. Null until
 * the questionnaires are known.
 */
export function reportQueryOf(
  params: URLSearchParams,
  questionnaires: ReadonlyArray<{ id: string; respondents: readonly QuestionnaireRespondent[] }>,
  scalesOf: (questionnaireId: string) => readonly string[] | undefined,
  today: string,
  opening?: string,
): ChangeReportQuery | null {
  const questionnaire = openingQuestionnaire(
    questionnaires,
    params.get('questionnaire'),
    opening ? [opening] : [],
  );
  if (!questionnaire) return null;
  const scales = scalesOf(questionnaire.id);
  if (!scales) return null;
  const asked = params.get('scale');
  const scale = asked && scales.includes(asked) ? asked : scales[0];
  if (!scale) return null;
  const query: ChangeReportQuery = { questionnaire: questionnaire.id, scale };
  if (questionnaire.respondents.length > 1) {
    const respondent = params.get('respondent') as QuestionnaireRespondent | null;
    query.respondent =
      respondent &&
      QUESTIONNAIRE_RESPONDENTS.includes(respondent) &&
      questionnaire.respondents.includes(respondent)
        ? respondent
        : questionnaire.respondents[0];
  }
  const to = params.get('to');
  query.to = to && DAY.test(to) ? to : today;
  const from = params.get('from');
  query.from = from && DAY.test(from) ? from : yearEndingOn(query.to);
  return query;
}
