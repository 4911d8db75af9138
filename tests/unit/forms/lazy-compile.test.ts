import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as ajv from '../../../src/forms/ajv';
import { loadEngine } from '../../../src/forms/node';

vi.mock('../../../src/forms/ajv', { spy: true });

const FIXTURES = join(__dirname, '../../fixtures/engine');

describe('the engine on Node compiles on first use', () => {
  it('sets Ajv up at the first validation, not at load (a server start does not wait for it), and once', () => {
    const engine = loadEngine({
      schemasDir: join(FIXTURES, 'schemas'),
      localesDir: join(FIXTURES, 'locales'),
    });
    expect(engine.registry.list()).toHaveLength(2);
    expect(ajv.createAjv).not.toHaveBeenCalled();

    expect(engine.validate('demo/contact', 1, {}, { mode: 'draft', lang: 'en' })).toEqual([]);
    expect(engine.validate('demo/contact', 2, {}, { mode: 'full', lang: 'tr' }).length).toBeGreaterThan(0);
    expect(ajv.createAjv).toHaveBeenCalledTimes(1);
  });
});
