import type { QuestionnaireRespondent } from '../../../shared';
import { type ChangeReportQuery, QUESTIONNAIRE_RESPONDENTS, yearEndingOn } from '../../../shared';

/** Today in Istanbul, YYYY-MM-DD: the product's days are Istanbul's (ADR 114). */
export function istanbulToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(now);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The report the address asks for, completed with defaults (ADR 129): the first questionnaire and its first scale,
 * its first respondent when it has several, the twelve months up to today. Null until the questionnaires are known.
 */
export function reportQueryOf(
  params: URLSearchParams,
  questionnaires: ReadonlyArray<{ id: string; respondents: readonly QuestionnaireRespondent[] }>,
  scalesOf: (questionnaireId: string) => readonly string[] | undefined,
  today: string,
): ChangeReportQuery | null {
  const questionnaire = questionnaires.find((q) => q.id === params.get('questionnaire')) ?? questionnaires[0];
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
