import { describe, expect, it } from 'vitest';
import {
  conditionTypeProblems,
  requiredItemProblems,
} from '../../../../src/forms/questionnaires/item-rules.ts';

const schema = {
  type: 'object',
  properties: {
    wakesInNight: { type: 'string', enum: ['never', 'sometimes', 'often', 'always'] },
    score: { type: 'integer', enum: [0, 1, 2, 3] },
    hours: { type: 'number' },
    note: { type: 'string' },
    choice: { oneOf: [{ const: 'a' }, { const: 'b' }] },
  },
};
const AT = '$.showIf.items.followUp';

describe('conditionTypeProblems: a condition compares an item only with values it can take (ADR 107)', () => {
  it.each([
    // numbers against word options
    ['>= on word options', { '>=': [{ var: 'wakesInNight' }, 2] }, [`${AT}.>=[0]`]],
    ['== number on word options', { '==': [{ var: 'wakesInNight' }, 2] }, [`${AT}.==[1]`]],
    ['== word that is no option', { '==': [{ var: 'wakesInNight' }, 'daily'] }, [`${AT}.==[1]`]],
    ['literal first', { '!=': ['2', { var: 'score' }] }, [`${AT}.!=[0]`]],
    // words against numeric options
    ['== word on numeric options', { '==': [{ var: 'score' }, 'often'] }, [`${AT}.==[1]`]],
    ['> word on a number', { '>': [{ var: 'hours' }, 'eight'] }, [`${AT}.>[1]`]],
    ['== number that is no option', { '==': [{ var: 'score' }, 7] }, [`${AT}.==[1]`]],
    // in lists holding values the item cannot take
    [
      'in list with numbers on word options',
      { in: [{ var: 'wakesInNight' }, ['often', 3]] },
      [`${AT}.in[1][1]`],
    ],
    ['in list with a missing option', { in: [{ var: 'choice' }, ['a', 'c']] }, [`${AT}.in[1][1]`]],
    ['in list with words on numbers', { in: [{ var: 'score' }, ['2', 3]] }, [`${AT}.in[1][0]`]],
    // nested under and/or/!
    [
      'nested in and',
      { and: [{ '==': [{ var: 'score' }, 1] }, { '<': [{ var: 'note' }, 3] }] },
      [`${AT}.and[1].<[0]`],
    ],
    ['nested in !', { '!': { '==': [{ var: 'wakesInNight' }, true] } }, [`${AT}.![0].==[1]`]],
  ])('refuses %s', (_name, condition, paths) => {
    const problems = conditionTypeProblems(condition, schema, AT);
    expect(problems.map((p) => p.path)).toEqual(paths);
    for (const p of problems) expect(p.message).toMatch(/never true.*\(ADR 107\)$/);
  });

  it.each([
    ['a word option', { '==': [{ var: 'wakesInNight' }, 'often'] }],
    ['an in list of word options', { in: [{ var: 'wakesInNight' }, ['often', 'always']] }],
    ['a numeric option compared by order', { '>=': [{ var: 'score' }, 2] }],
    ['a number compared with any number', { '<': [{ var: 'hours' }, 7.5] }],
    ['an unanswered item', { '==': [{ var: 'wakesInNight' }, null] }],
    ['two items', { '==': [{ var: 'score' }, { var: 'hours' }] }],
    ['a const option', { '!=': [{ var: 'choice' }, 'b'] }],
    ['free text', { '==': [{ var: 'note' }, 'anything'] }],
    ['an unknown item (reported by another check)', { '==': [{ var: 'nobody' }, 1] }],
  ])('accepts %s', (_name, condition) => {
    expect(conditionTypeProblems(condition, schema, AT)).toEqual([]);
  });

  it('says what the item takes, so the author can fix it', () => {
    const [problem] = conditionTypeProblems({ '>=': [{ var: 'wakesInNight' }, 2] }, schema, AT);
    expect(problem?.message).toContain('"never", "sometimes", "often", "always"');
  });
});

describe('requiredItemProblems: items are required unless marked optional (ADR 107)', () => {
  const files = {
    schema: 'schemas/questionnaires/q/v1.schema.json',
    ui: 'schemas/questionnaires/q/v1.ui.json',
  };
  const items = ['a', 'b'];
  const optionalB = { b: { 'ui:options': { optional: true } } };

  it.each([
    ['every item required', ['a', 'b'], {}, []],
    ['one required, one marked optional', ['a'], optionalB, []],
    [
      'an item neither required nor marked',
      ['a'],
      {},
      [[files.schema, '$.required', /^b is neither required nor marked optional/]],
    ],
    [
      'no required at all',
      undefined,
      {},
      [
        [files.schema, '$.required', /^a /],
        [files.schema, '$.required', /^b /],
      ],
    ],
    [
      'an item both required and marked optional',
      ['a', 'b'],
      optionalB,
      [[files.ui, '$.b.ui:options.optional', /^b is marked optional but/]],
    ],
  ] as const)('%s', (_name, required, uiSchema, expected) => {
    const schemaOf = {
      type: 'object',
      ...(required ? { required: [...required] } : {}),
      properties: { a: {}, b: {} },
    };
    const problems = requiredItemProblems(schemaOf, uiSchema, items, files);
    expect(problems).toHaveLength(expected.length);
    problems.forEach((p, i) => {
      const [file, path, message] = expected[i]!;
      expect(p).toMatchObject({ file, path });
      expect(p.message).toMatch(message);
      expect(p.message).toContain('(ADR 107)');
    });
  });
});
