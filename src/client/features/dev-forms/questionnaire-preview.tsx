import type { QuestionnaireDefinition, ScoringContext } from '../../../forms/questionnaires';
import { NO_CONTEXT, scoreAnswers } from '../../../forms/questionnaires';
import { QuestionnaireForm, ScoreSummary } from '../../forms/questionnaire';

interface QuestionnairePreviewProps {
  questionnaire: QuestionnaireDefinition;
  data: Record<string, unknown>;
  onChange: (data: Record<string, unknown>) => void;
  idPrefix: string;
  /** Who answers, the client's age and sex: that informant's wording and items, and the norms that apply. */
  context?: ScoringContext;
}

/**
 * A questionnaire as the chosen informant fills it (show-if applied), with its live scores, normed scores and
 * bands under it.
 */
export function QuestionnairePreview({
  questionnaire,
  data,
  onChange,
  idPrefix,
  context = NO_CONTEXT,
}: QuestionnairePreviewProps) {
  return (
    <div className="space-y-8">
      <QuestionnaireForm
        questionnaire={questionnaire}
        value={data}
        onChange={onChange}
        idPrefix={idPrefix}
        respondent={context.respondent}
      />
      <ScoreSummary
        questionnaire={questionnaire}
        result={scoreAnswers(questionnaire, data, context)}
        headingLevel={4}
      />
    </div>
  );
}
