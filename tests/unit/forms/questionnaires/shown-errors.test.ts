import { describe, expect, it } from 'vitest';
import { errorsOfShownItems } from '../../../../src/forms/questionnaires/index.ts';
import { define } from './define';

// a follow-up behind an item, and a group shown only when `a` is 3
const def = define(
  {
    items: {},
    scales: [],
    showIf: {
      items: { followUp: { '>=': [{ var: 'a' }, 2] } },
      groups: { later: { '==': [{ var: 'a' }, 3] } },
    },
  },
  ['a', 'followUp', 'b', 'c'],
  [{ id: 'later', fields: ['b', 'c'] }],
);
const required = (...paths: string[]) => paths.map((path) => ({ path, rule: 'required' }));

describe('errorsOfShownItems: hidden means not required (ADR 107)', () => {
  it.each([
    ['nothing answered: only the first item counts', {}, ['a']],
    ['a = 1: the follow-up and the group are hidden', { a: 1 }, ['a']],
    ['a = 2: the follow-up is shown, the group hidden', { a: 2 }, ['a', 'followUp']],
    ['a = 3: everything is shown', { a: 3 }, ['a', 'followUp', 'b', 'c']],
  ])('%s', (_name, answers, kept) => {
    const errors = required('a', 'followUp', 'b', 'c');
    expect(errorsOfShownItems(def, answers, errors).map((e) => e.path)).toEqual(kept);
  });

  it('keeps errors of the whole form and of paths inside a shown item', () => {
    const errors = [{ path: '' }, { path: 'a.0' }, { path: 'b.0' }];
    expect(errorsOfShownItems(def, { a: 1 }, errors)).toEqual([{ path: '' }, { path: 'a.0' }]);
  });
});
