/**
 * Section 2, questionnaire row: scoring one response of the larger example questionnaire (everyday-feelings:
 * 12 items, 3 scales, a flag) with the one scoring module the browser and the server run, beside validating
 * the same answers on the server path (what a save does anyway).
 */
import { loadEngine, loadQuestionnaireCatalog } from '../../src/forms/node';
import { scoreAnswers } from '../../src/forms/questionnaires';
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

export function scoringRows(ctx: BenchContext): Row[] {
  const definition = loadQuestionnaireCatalog().get(QUESTIONNAIRE);
  const engine = loadEngine();
  const answers = fullResponse(definition.itemIds);
  if (scoreAnswers(definition, answers).scales.some((s) => s.score === null))
    throw new Error('the bench response leaves a scale not scored');
  const validate = () =>
    engine.validate(definition.formId, definition.version, answers, { mode: 'full', lang: 'tr' });
  if (validate().length > 0) throw new Error('the bench response is not valid');
  const [ours, reference] = timePerCall(
    [() => scoreAnswers(definition, answers), validate],
    ctx.quick ? 40 : 400,
    10,
  ) as [Spread, Spread];
  return [
    {
      section: '2',
      metric: `Score one ${QUESTIONNAIRE} response (${definition.itemIds.length} items, ${definition.scoring.scales.length} scales), scoreAnswers`,
      unit: 'ms',
      ours,
      reference: { label: 'engine.validate of the same answers', value: reference },
      target: { text: `median < ${TARGET_MS} ms`, met: ours.median < TARGET_MS },
    },
  ];
}
