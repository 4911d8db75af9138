// @vitest-environment node
import { join } from 'node:path';
import { REPO, runSteps, scratchTrees } from './lint-tree';

vi.setConfig({ testTimeout: 60_000 });

const tree = scratchTrees('circles');

/** Runs the circle step of `npm run lint` (dependency-cruiser with the repository's config) on a small tree. */
function cruise(files: Record<string, string>): { ok: boolean; output: string } {
  const root = tree({
    'tsconfig.json': '{ "compilerOptions": { "moduleResolution": "Bundler" } }\n',
    ...files,
  });
  const args = ['src', '--config', join(REPO, '.dependency-cruiser.cjs'), '--output-type', 'err-long'];
  return runSteps(root, [[join(REPO, 'node_modules/.bin/depcruise'), args]]);
}

describe('npm run lint: no import circles (ADR 121)', () => {
  it('fails on two modules importing each other, naming both and saying what to do', () => {
    const result = cruise({
      'src/client/lib/http.ts':
        "import { token } from '../stores/auth-store';\nexport const http = () => token;\n",
      'src/client/stores/auth-store.ts':
        "import { http } from '../lib/http';\nexport const token = 't';\nhttp();\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('no-circular');
    expect(result.output).toContain('src/client/lib/http.ts');
    expect(result.output).toContain('src/client/stores/auth-store.ts');
    expect(result.output).toContain('Move what both sides need into a module of its own');
  });

  it('counts a type-only import and a dynamic import as part of a circle', () => {
    const result = cruise({
      'src/forms/a.ts': "import type { B } from './b';\nexport type A = B | 1;\n",
      'src/forms/b.ts': "export type B = 2;\nexport const load = () => import('./a');\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('src/forms/a.ts');
  });

  it('passes imports that go one way', () => {
    const result = cruise({
      'src/shared/codes.ts': "export const CODE = 'X';\n",
      'src/client/lib/http.ts':
        "import { CODE } from '../../shared/codes';\nexport const http = () => CODE;\n",
      'src/client/stores/auth-store.ts':
        "import { http } from '../lib/http';\nexport const token = http();\n",
    });
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });
});
