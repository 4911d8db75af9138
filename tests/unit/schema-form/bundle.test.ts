// @vitest-environment node
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { formValidators } from '../../../scripts/vite-form-validators';
import { findUnsafeCode } from '../../../src/forms/precompile/check-bundle';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('production bundle of the form renderer', () => {
  it('contains precompiled validators only: no Ajv compiler, no eval, no new Function (CSP without unsafe-eval)', async () => {
    const output = (await build({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [react(), formValidators()],
      build: {
        write: false,
        minify: true,
        rollupOptions: {
          input: fileURLToPath(new URL('../../fixtures/forms/bundle-entry.tsx', import.meta.url)),
        },
      },
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    const outputs = Array.isArray(output) ? output : [output];
    const chunks = Object.fromEntries(
      outputs
        .flatMap((o) => o.output)
        .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
        .map((c) => [c.fileName, c.code]),
    );
    const code = Object.values(chunks).join('\n');
    expect(code.length).toBeGreaterThan(10_000);
    // the login form's precompiled validator is in, with the engine's formats
    expect(code).toContain('must match format');
    expect(findUnsafeCode(chunks)).toEqual([]);
  }, 120_000);

  it('flags what would need unsafe-eval', () => {
    expect(findUnsafeCode({ 'a.js': 'const f = new Function("a", "return a")' })).toEqual([
      expect.objectContaining({ file: 'a.js', rule: 'new Function()' }),
    ]);
    expect(findUnsafeCode({ 'b.js': 'x=1;eval("2")' })).toHaveLength(1);
    expect(findUnsafeCode({ 'c.js': 'obj.eval(1); const evaluate = 2; retrieval(3)' })).toEqual([]);
  });
});
