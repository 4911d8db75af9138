import { describe, expect, it } from 'vitest';
import { checkUi, checkUiBesideSchema } from '../../../src/forms/check-author';

describe('check:forms author checks', () => {
  it('finds a UI schema without its schema file', () => {
    const paths = new Set(['a/b/v1.schema.json', 'a/b/v1.ui.json', 'a/b/v2.ui.json']);
    expect(checkUiBesideSchema(paths)).toEqual([
      { file: 'schemas/a/b/v2.ui.json', path: '$', message: 'UI schema without a schema file beside it' },
    ]);
  });

  it('finds fields and widgets a UI schema names but the schema and registry lack', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        list: { type: 'array', items: { type: 'object', properties: {} } },
      },
    };
    const ui = {
      'ui:order': ['name', 'ghost', '*'],
      'ui:options': { groups: [{ id: 'g', fields: ['name', 'other'] }] },
      name: { 'ui:widget': 'nope' },
      list: { items: { gone: {} } },
      extra: {},
    };
    expect(checkUi(schema, ui, 'f', new Set(['text']))).toEqual([
      { file: 'f', path: '$.ui:order', message: 'names a field the schema lacks: ghost' },
      { file: 'f', path: '$.ui:options.groups[0]', message: 'names a field the schema lacks: other' },
      { file: 'f', path: '$.name.ui:widget', message: 'widget is not registered: nope' },
      { file: 'f', path: '$.list.items.gone', message: 'names a field the schema lacks: gone' },
      { file: 'f', path: '$.extra', message: 'names a field the schema lacks: extra' },
    ]);
  });
});
