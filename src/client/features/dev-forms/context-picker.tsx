import { useId } from 'react';
import type { QuestionnaireDefinition, Respondent, ScoringContext } from '../../../forms/questionnaires';

const field = 'min-h-11 rounded-md border-2 border-slate-400 bg-white px-3';

/**
 * Who answers, the client's age and sex for a questionnaire's preview (ADR 126): the chosen informant's wording
 * and items are drawn, and the scores read the norms for that age and sex. Empty choices are "not known".
 */
export function ContextPicker({
  questionnaire,
  value,
  onChange,
}: {
  questionnaire: QuestionnaireDefinition;
  value: ScoringContext;
  onChange: (context: ScoringContext) => void;
}) {
  const ids = { respondent: useId(), age: useId(), sex: useId() };
  return (
    <fieldset className="mt-4 flex flex-wrap items-end gap-4 rounded-lg border border-slate-300 p-4">
      <legend className="px-1 font-semibold">Scoring context</legend>
      <div>
        <label htmlFor={ids.respondent} className="block text-sm font-semibold">
          Informant
        </label>
        <select
          id={ids.respondent}
          className={field}
          value={value.respondent ?? ''}
          onChange={(e) => onChange({ ...value, respondent: (e.target.value || null) as Respondent | null })}
        >
          <option value="">Not known (base wording)</option>
          {questionnaire.meta.respondents.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.age} className="block text-sm font-semibold">
          Age (years)
        </label>
        <input
          id={ids.age}
          type="number"
          min={0}
          max={120}
          className={`${field} w-28`}
          value={value.age ?? ''}
          onChange={(e) => {
            const age = e.target.valueAsNumber;
            onChange({ ...value, age: Number.isInteger(age) && age >= 0 ? age : null });
          }}
        />
      </div>
      <div>
        <label htmlFor={ids.sex} className="block text-sm font-semibold">
          Sex
        </label>
        <select
          id={ids.sex}
          className={field}
          value={value.sex ?? ''}
          onChange={(e) => onChange({ ...value, sex: (e.target.value || null) as ScoringContext['sex'] })}
        >
          <option value="">Not recorded</option>
          <option value="female">female</option>
          <option value="male">male</option>
        </select>
      </div>
    </fieldset>
  );
}
