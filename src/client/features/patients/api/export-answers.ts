import type { AnswerExportFormat } from '../../../../shared';
import { http } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

export interface AnswerExportChoice {
  format: AnswerExportFormat;
  /** Free-text answers go only when ticked (ADR 130). */
  freeText: boolean;
}

/** GET /clients/:id/answers.{csv,json}?questionnaire=: one questionnaire's answers, handed to the browser. */
export async function exportAnswers(
  clientId: string,
  questionnaireId: string,
  { format, freeText }: AnswerExportChoice,
): Promise<void> {
  const query = new URLSearchParams({ questionnaire: questionnaireId });
  if (freeText) query.set('freeText', 'true');
  saveFile(
    await http.download(
      `clients/${encodeURIComponent(clientId)}/answers.${format}?${query}`,
      `answers-${questionnaireId}.${format}`,
    ),
  );
}
