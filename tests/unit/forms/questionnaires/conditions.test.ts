import { describe, expect, it } from 'vitest';
import { evaluateCondition, inspectCondition } from '../../../../src/forms/questionnaires/conditions.ts';
import { visibleAnswers, visibleItems } from '../../../../src/forms/questionnaires/index.ts';
import { define } from './define';

describe('evaluateCondition (the json-logic subset)', () => {
  const answers = { a: 2, b: 'yes', c: ['x'], empty: [] };
  it.each([
    [{ '==': [{ var: 'b' }, 'yes'] }, true],
    [{ '==': [{ var: 'a' }, '2'] }, false], // no type coercion
    [{ '!=': [{ var: 'b' }, 'no'] }, true],
    [{ '==': [{ var: 'missing' }, null] }, true],
    [{ '>': [{ var: 'a' }, 1] }, true],
    [{ '>=': [{ var: 'a' }, 2] }, true],
    [{ '<': [{ var: 'a' }, 2] }, false],
    [{ '<=': [{ var: 'a' }, 2] }, true],
    [{ '>': [{ var: 'b' }, 1] }, false], // comparisons need numbers
    [{ '>': [{ var: 'missing' }, -1] }, false],
    [{ and: [{ '==': [{ var: 'a' }, 2] }, { '==': [{ var: 'b' }, 'yes'] }] }, true],
    [{ and: [{ '==': [{ var: 'a' }, 2] }, { '==': [{ var: 'b' }, 'no'] }] }, false],
    [{ or: [{ '==': [{ var: 'a' }, 3] }, { '==': [{ var: 'b' }, 'yes'] }] }, true],
    [{ '!': { var: 'missing' } }, true],
    [{ '!': [{ var: 'a' }] }, false],
    [{ in: [{ var: 'b' }, ['yes', 'maybe']] }, true],
    [{ in: [{ var: 'a' }, [1, 3]] }, false],
    [{ in: ['ye', { var: 'b' }] }, true],
    [{ var: 'empty' }, false], // an empty list is false, as in json-logic
    [{ var: 'c' }, true],
    [{ var: ['missing', 'fallback'] }, true],
    [true, true],
    [false, false],
  ])('%j -> %s', (condition, expected) => {
    expect(evaluateCondition(condition, answers)).toBe(expected);
  });

  it('evaluates an unknown operator to false instead of running anything', () => {
    expect(evaluateCondition({ method: [{ var: 'b' }, 'constructor'] }, answers)).toBe(false);
    expect(evaluateCondition({ '==': [{ var: '__proto__' }, null] }, answers)).toBe(true);
    expect(evaluateCondition({ '==': [{ var: 'toString' }, null] }, answers)).toBe(true);
  });
});

describe('inspectCondition', () => {
  it('lists the items a condition reads, with their JSON paths', () => {
    expect(
      inspectCondition({ and: [{ '==': [{ var: 'a' }, 1] }, { '!': { var: 'b' } }] }, '$.x').vars,
    ).toEqual([
      { name: 'a', path: '$.x.and[0].==[0].var' },
      { name: 'b', path: '$.x.and[1].!.var' },
    ]);
  });
  it('reports operators outside the vocabulary and malformed expressions', () => {
    expect(inspectCondition({ if: [true, 1, 2] }, '$').problems).toEqual([
      { path: '$', message: 'unknown operator: if' },
    ]);
    expect(inspectCondition({ '==': [{ a: 1, b: 2 }, 1] }, '$').problems).toEqual([
      { path: '$.==[0]', message: 'an expression is an object with exactly one operator' },
    ]);
    expect(inspectCondition({ var: 3 }, '$').problems).toEqual([
      { path: '$.var', message: 'var names an item by its id (a string)' },
    ]);
  });
});

describe('visibleItems and visibleAnswers', () => {
  const def = define(
    {
      items: {},
      scales: [],
      showIf: {
        items: { b: { '==': [{ var: 'a' }, 1] }, c: { '==': [{ var: 'b' }, 1] } },
        groups: { later: { '>=': [{ var: 'a' }, 2] } },
      },
    },
    ['a', 'b', 'c', 'd', 'e'],
    [
      { id: 'first', fields: ['a', 'b', 'c'] },
      { id: 'later', fields: ['d', 'e'] },
    ],
  );

  it('shows an item only while its condition holds', () => {
    expect(visibleItems(def, {})).toEqual(['a']);
    expect(visibleItems(def, { a: 1 })).toEqual(['a', 'b']);
    expect(visibleItems(def, { a: 1, b: 1 })).toEqual(['a', 'b', 'c']);
  });

  it('shows or hides a whole group by its condition', () => {
    expect(visibleItems(def, { a: 2 })).toEqual(['a', 'd', 'e']);
  });

  it('reads only shown answers: a hidden item’s stale answer shows nothing', () => {
    // b is hidden (a is not 1), so its answer 1 must not show c
    expect(visibleItems(def, { a: 0, b: 1 })).toEqual(['a']);
  });

  it('drops the answers of hidden items', () => {
    expect(visibleAnswers(def, { a: 2, b: 1, c: 1, d: 0, e: 3 })).toEqual({ a: 2, d: 0, e: 3 });
    expect(visibleAnswers(def, { a: 1, b: 0, c: 1 })).toEqual({ a: 1, b: 0 });
  });
});
