import type { QuestionnaireDefinition } from '../../../forms/questionnaires';
import { scoreAnswers } from '../../../forms/questionnaires';
import { QuestionnaireForm, ScoreSummary } from '../../forms/questionnaire';

interface QuestionnairePreviewProps {
  questionnaire: QuestionnaireDefinition;
  data: Record<string, unknown>;
  onChange: (data: Record<string, unknown>) => void;
  idPrefix: string;
}

/** A questionnaire as the practitioner fills it (show-if applied), with its live scores and bands under it. */
export function QuestionnairePreview({ questionnaire, data, onChange, idPrefix }: QuestionnairePreviewProps) {
  return (
    <div className="space-y-8">
      <QuestionnaireForm questionnaire={questionnaire} value={data} onChange={onChange} idPrefix={idPrefix} />
      <ScoreSummary
        questionnaire={questionnaire}
        result={scoreAnswers(questionnaire, data)}
        headingLevel={4}
      />
    </div>
  );
}
