/**
 * Section 2, questionnaire row: scoring one response of the larger example questionnaire (everyday-feelings:
 * 12 items, 3 scales, a flag) with the one scoring module the browser and the server run, beside validating
 * the same answers on the server path (what a save does anyway); and the same response against norm tables on
 * every scale and a normed composite of them (ADR 122).
 */
import { loadEngine, loadQuestionnaireCatalog } from '../../src/forms/node';
import {
  type NormGroup,
  type QuestionnaireDefinition,
  type ScoringContext,
  scaleRange,
  scoreAnswers,
} from '../../src/forms/questionnaires';
import type { Row } from '../lib/results';
import type { Spread } from '../lib/stats';
import type { BenchContext } from './context';
import { timePerCall } from './validation';

const QUESTIONNAIRE = 'everyday-feelings';
const TARGET_MS = 0.05;

/** A full response: every item answered, with reversed items and the critical item among them. */
function fullResponse(itemIds: string[]): Record<string, string> {
  const options = ['never', 'sometimes', 'often', 'always'];
  return Object.fromEntries(itemIds.map((id, i) => [id, options[i % options.length]!]));
}

/** Norm groups (girls, boys, any) over a raw range, one row per 0.5 of raw score: a table as big as a manual's. */
function normsOver(range: { min: number; max: number }): NormGroup[] {
  const rows: NormGroup['rows'] = [];
  for (let raw = range.min; raw <= range.max; raw += 0.5)
    rows.push({
      min: raw,
      max: Math.min(raw + 0.49, range.max),
      t: 40 + raw,
      percentile: Math.min(99, 10 + raw),
    });
  return (['female', 'male', 'any'] as const).map((sex, i) => ({
    id: `group${i}`,
    sex,
    age: { min: 6, max: 18 },
    rows,
  }));
}

/** The example with norms on every scale, bands on T, and a composite of all its scales (normed too). */
function withNormsAndComposite(definition: QuestionnaireDefinition): QuestionnaireDefinition {
  const scales = definition.scoring.scales.map((scale) => ({
    ...scale,
    norms: normsOver(scaleRange(definition.scoring, scale)),
  }));
  const composite = {
    id: 'total',
    method: 'sum' as const,
    scales: scales.map((s) => s.id),
    minAnswered: 1,
    bandsOn: 't' as const,
    bands: [
      { id: 'typical', min: 0, max: 64, severity: 'none' as const },
      { id: 'high', min: 65, max: 200, severity: 'moderate' as const },
    ],
  };
  const scoring = { ...definition.scoring, scales: [...scales, composite] };
  const total = scaleRange(scoring, composite);
  return {
    ...definition,
    scoring: { ...scoring, scales: [...scales, { ...composite, norms: normsOver(total) }] },
  };
}

export function scoringRows(ctx: BenchContext): Row[] {
  const definition = loadQuestionnaireCatalog().get(QUESTIONNAIRE);
  const engine = loadEngine();
  const answers = fullResponse(definition.itemIds);
  if (scoreAnswers(definition, answers).scales.some((s) => s.score === null))
    throw new Error('the bench response leaves a scale not scored');
  const validate = () =>
    engine.validate(definition.formId, definition.version, answers, { mode: 'full', lang: 'tr' });
  if (validate().length > 0) throw new Error('the bench response is not valid');
  const normed = withNormsAndComposite(definition);
  const context: ScoringContext = { respondent: 'guardian', age: 9, sex: 'female' };
  if (
    normed.scoring.scales.some(
      (s) => scoreAnswers(normed, answers, context).scales.find((r) => r.id === s.id)?.normed == null,
    )
  )
    throw new Error('the bench response leaves a scale without a normed score');
  const [ours, withNorms, reference] = timePerCall(
    [() => scoreAnswers(definition, answers), () => scoreAnswers(normed, answers, context), validate],
    ctx.quick ? 40 : 400,
    10,
  ) as [Spread, Spread, Spread];
  return [
    {
      section: '2',
      metric: `Score one ${QUESTIONNAIRE} response (${definition.itemIds.length} items, ${definition.scoring.scales.length} scales), scoreAnswers`,
      unit: 'ms',
      ours,
      reference: { label: 'engine.validate of the same answers', value: reference },
      target: { text: `median < ${TARGET_MS} ms`, met: ours.median < TARGET_MS },
    },
    {
      section: '2',
      metric: `Score one ${QUESTIONNAIRE} response with norms on every scale and a normed composite (${normed.scoring.scales.length} scales), scoreAnswers`,
      unit: 'ms',
      ours: withNorms,
      reference: { label: 'engine.validate of the same answers', value: reference },
      target: { text: `median <= ${TARGET_MS} ms`, met: withNorms.median <= TARGET_MS },
    },
  ];
}
