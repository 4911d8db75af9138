import { describe, expect, it } from 'vitest';
import { getPath, leafKeys, resolveLocalRef, walk } from '../../../src/forms/check-walk';

describe('check:forms walker', () => {
  it('visits every value in document order, each before its children, with JSON paths', () => {
    const seen: string[] = [];
    walk({ a: { b: [1, { c: 2 }] }, d: 3 }, '$', (_, at, key, parentAt) => {
      seen.push(`${at} ${String(key)} ${parentAt}`);
    });
    expect(seen).toEqual([
      '$ undefined ',
      '$.a a $',
      '$.a.b b $.a',
      '$.a.b[0] 0 $.a.b',
      '$.a.b[1] 1 $.a.b',
      '$.a.b[1].c c $.a.b[1]',
      '$.d d $',
    ]);
  });

  it('keeps out of the children of a value the visit refuses', () => {
    const seen: string[] = [];
    walk({ skip: { inner: 1 }, keep: { inner: 2 } }, '$', (_, at, key) => {
      seen.push(at);
      return key !== 'skip';
    });
    expect(seen).toEqual(['$', '$.skip', '$.keep', '$.keep.inner']);
  });

  it('reads dotted locale keys, lists leaf keys and resolves local pointers', () => {
    expect(getPath({ a: { b: 'x' } }, 'a.b')).toBe('x');
    expect(getPath({ a: 'x' }, 'a.b')).toBeUndefined();
    expect(leafKeys({ a: { b: 'x', c: 'y' }, d: 'z' })).toEqual(['a.b', 'a.c', 'd']);
    expect(resolveLocalRef({ definitions: { 'a/b': { type: 'string' } } }, '#/definitions/a~1b')).toEqual({
      type: 'string',
    });
    expect(resolveLocalRef({}, 'other.json#/a')).toEqual({});
  });
});
