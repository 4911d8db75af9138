import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../src/forms/ajv';
import { characterCount } from '../../../src/forms/text-length';

/** Texts around the cases a counter can get wrong: pairs, lone halves, pairs at either end, long texts. */
const TEXTS = [
  '',
  'abc',
  'ğüşıöç',
  '😀',
  '😀a',
  'a😀',
  '\uD83D',
  '\uDE00',
  '\uDE00\uD83D',
  'x\uD83Dy',
  `${'ş'.repeat(999)}😀`,
  `${'a'.repeat(1000)}`,
  '👩‍👩‍👧',
];

describe('characterCount', () => {
  it.each(TEXTS)('counts %j in code points, as the spread of its characters does', (text) => {
    expect(characterCount(text)).toBe([...text].length);
  });
});

describe("the engine's maxLength and minLength", () => {
  const schema = {
    type: 'object',
    properties: {
      short: { type: 'string', maxLength: 3 },
      long: { type: 'string', minLength: 2 },
      limit: { type: 'integer' },
      bounded: { type: 'string', maxLength: { $data: '1/limit' } },
    },
  };
  const ours = createAjv().compile(schema);
  const stock = new Ajv({ allErrors: true, verbose: true, $data: true, strict: false }).compile(schema);

  it('are the engine’s own definitions', () => {
    const codeOf = (ajv: Ajv, keyword: string) => {
      const definition = ajv.getKeyword(keyword);
      return typeof definition === 'object' && 'code' in definition ? definition.code : undefined;
    };
    const engine = createAjv();
    expect(codeOf(engine, 'maxLength')).toBeTypeOf('function');
    expect(codeOf(engine, 'minLength')).toBe(codeOf(engine, 'maxLength'));
    expect(codeOf(engine, 'maxLength')).not.toBe(codeOf(new Ajv(), 'maxLength'));
  });

  it.each(TEXTS)('pass and fail %j exactly as Ajv’s own, with the same errors', (text) => {
    for (const data of [
      { short: text },
      { long: text },
      { limit: 2, bounded: text },
      { limit: 1000, bounded: text },
    ]) {
      expect(ours(data)).toBe(stock(data));
      expect(ours.errors ?? []).toEqual(stock.errors ?? []);
    }
  });

  it('count a surrogate pair as one character', () => {
    expect(ours({ short: '😀😀😀' })).toBe(true);
    expect(ours({ short: '😀😀😀😀' })).toBe(false);
    expect(ours.errors).toMatchObject([
      { keyword: 'maxLength', params: { limit: 3 }, message: 'must NOT have more than 3 characters' },
    ]);
    expect(ours({ long: '😀' })).toBe(false);
    expect(ours.errors).toMatchObject([{ keyword: 'minLength', params: { limit: 2 } }]);
  });
});
