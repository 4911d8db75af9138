import { describe, expect, it } from 'vitest';
import {
  checkClientMergeable,
  checkFieldTypes,
  checkNoCustomField,
  checkNoMarkdown,
} from '../../../src/forms/check-bundle';

const paths = (problems: { path: string }[]) => problems.map((p) => p.path);

describe('check:forms bundle guards (ADR 008, 009)', () => {
  it('refuses what the client cannot merge or draw, at every depth, with its path', () => {
    const schema = {
      $id: 'x',
      properties: {
        a: { $ref: 'other.json#/a' },
        b: { type: 'string', allOf: [{ minLength: 1 }, { type: 'number' }] },
        c: { type: 'array', items: { oneOf: [], format: 'data-url' } },
        d: { type: 'object', patternProperties: {} },
      },
    };
    expect(paths(checkClientMergeable(schema, 'f'))).toEqual([
      '$.$id',
      '$.properties.a.$ref',
      '$.properties.b.allOf[1].type',
      '$.properties.c.items.oneOf',
      '$.properties.c.items.format',
      '$.properties.d.patternProperties',
    ]);
    expect(checkClientMergeable({ properties: { a: { $ref: '#/d', maxLength: 3 } } }, 'f')).toEqual([]);
  });

  it('refuses a format the product does not define, which validation would silently ignore', () => {
    const schema = {
      properties: { a: { type: 'string', format: 'uri' }, b: { type: 'string', format: 'email' } },
    };
    const problems = checkClientMergeable(schema, 'f');
    expect(paths(problems)).toEqual(['$.properties.a.format']);
    expect(problems[0]!.message).toContain('unknown format "uri"');
  });

  it('asks every drawn field for a type, following local references', () => {
    const schema = {
      definitions: { typed: { type: 'string' }, untyped: { description: 'x' } },
      properties: {
        a: { $ref: '#/definitions/typed' },
        b: { $ref: '#/definitions/untyped' },
        c: { type: 'array', items: { properties: { d: {} } } },
      },
    };
    expect(paths(checkFieldTypes(schema, 'f'))).toEqual([
      '$.properties.b',
      '$.properties.c.items',
      '$.properties.c.items.properties.d',
    ]);
  });

  it('refuses ui:field and optional data controls anywhere in a UI schema', () => {
    const ui = {
      a: { 'ui:field': 'X', 'ui:options': { field: 'Y' } },
      b: { items: [{ 'ui:field': 'Z' }] },
      'ui:globalOptions': { enableOptionalDataFieldForType: ['object'] },
    };
    expect(paths(checkNoCustomField(ui, 'f'))).toEqual([
      '$.a.ui:field',
      '$.a.ui:options.field',
      '$.b.items[0].ui:field',
      '$.ui:globalOptions.enableOptionalDataFieldForType',
    ]);
  });

  it('refuses Markdown options unless switched off', () => {
    const ui = {
      a: { 'ui:enableMarkdownInDescription': true, 'ui:options': { enableMarkdownInHelp: true } },
      b: { 'ui:enableMarkdownInHelp': false },
    };
    expect(paths(checkNoMarkdown(ui, 'f'))).toEqual([
      '$.a.ui:enableMarkdownInDescription',
      '$.a.ui:options.enableMarkdownInHelp',
    ]);
  });
});
