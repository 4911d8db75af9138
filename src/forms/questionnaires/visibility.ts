/**
 * Which items are shown for given answers. Conditions are evaluated in display order over the answers of the
 * items shown so far, so a hidden item's answer can never show another item (ADR 081).
 */
import { evaluateCondition } from './conditions.ts';
import { groupsOf } from './items.ts';
import type { QuestionnaireDefinition, Respondent } from './types.ts';

type Answers = Record<string, unknown>;

/** The name a condition reads who answers by (`{"var": "_respondent"}`): an item only in one informant's version. */
export const RESPONDENT_VAR = '_respondent';

/** The ids of the items shown for these answers and this respondent (null: not known), in display order. */
export function visibleItems(
  def: QuestionnaireDefinition,
  answers: Answers,
  respondent: Respondent | null = null,
): string[] {
  const itemConditions = def.scoring.showIf?.items ?? {};
  const groupConditions = def.scoring.showIf?.groups ?? {};
  const groupOf = new Map<string, string>();
  for (const [group, items] of groupsOf(def.uiSchema)) for (const item of items) groupOf.set(item, group);

  const seen: Answers = { [RESPONDENT_VAR]: respondent };
  const shown: string[] = [];
  const groupShown = new Map<string, boolean>();
  for (const item of def.itemIds) {
    const group = groupOf.get(item);
    let visible = true;
    if (group !== undefined && Object.hasOwn(groupConditions, group)) {
      // a group's condition is read once, at its first item, over the answers shown before it
      if (!groupShown.has(group)) groupShown.set(group, evaluateCondition(groupConditions[group], seen));
      visible = groupShown.get(group)!;
    }
    if (visible && Object.hasOwn(itemConditions, item))
      visible = evaluateCondition(itemConditions[item], seen);
    if (!visible) continue;
    shown.push(item);
    if (Object.hasOwn(answers, item) && answers[item] !== undefined) seen[item] = answers[item];
  }
  return shown;
}

/** The answers of the shown items only: what is stored and scored (a hidden item's answer is dropped). */
export function visibleAnswers(
  def: QuestionnaireDefinition,
  answers: Answers,
  respondent: Respondent | null = null,
): Answers {
  const kept: Answers = {};
  for (const item of visibleItems(def, answers, respondent))
    if (Object.hasOwn(answers, item) && answers[item] !== undefined) kept[item] = answers[item];
  return kept;
}

/**
 * The validation errors that count for these answers: an error on an item a show-if hides never does, so a
 * hidden required item never blocks a submit (ADR 107). The browser and the server both filter with this.
 */
export function errorsOfShownItems<E extends { path: string }>(
  def: QuestionnaireDefinition,
  answers: Answers,
  errors: readonly E[],
  respondent: Respondent | null = null,
): E[] {
  const shown = new Set(visibleItems(def, answers, respondent));
  return errors.filter((error) => {
    const item = error.path.split('.')[0] ?? '';
    return !def.itemIds.includes(item) || shown.has(item);
  });
}
