// @vitest-environment node
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBoundaries } from '../../../scripts/check-boundaries';
import { REPO, runSteps, scratchTrees } from './lint-tree';

const tree = scratchTrees('boundaries');

function violations(files: Record<string, string>) {
  return checkBoundaries(tree(files));
}

/** Runs the lint step of `npm run lint` on the tree: Biome with the repository's rules, then the boundaries. */
function lint(files: Record<string, string>): { ok: boolean; output: string } {
  const root = tree(files);
  const config = JSON.parse(readFileSync(join(REPO, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(root, 'biome.json'), JSON.stringify(config));
  return runSteps(root, [
    [join(REPO, 'node_modules/.bin/biome'), ['lint', '--max-diagnostics=50', 'src']],
    [join(REPO, 'node_modules/.bin/tsx'), [join(REPO, 'scripts/check-boundaries.ts'), '--root', root]],
  ]);
}

const OK = 'export const value = 1;\n';

describe('npm run lint: import boundaries (ADR 074)', () => {
  it.each([
    [
      'src/forms/engine-part.ts',
      "import { useState } from 'react';\nexport { useState };\n",
      'src/forms is the form engine',
    ],
    [
      'src/forms/route-part.ts',
      "import Fastify from 'fastify';\nexport { Fastify };\n",
      'src/forms is the form engine',
    ],
    [
      'src/forms/plugin.ts',
      "import type { Plugin } from 'vite';\nexport type { Plugin };\n",
      'build plugins in scripts/',
    ],
    [
      'src/forms/uses-server.ts',
      "export { value } from '../server/errors';\n",
      'src/forms never imports src/server',
    ],
    [
      'src/forms/uses-client.ts',
      "export { value } from '../client/lib/http';\n",
      'src/forms never imports src/client',
    ],
    [
      'src/shared/needs-react.ts',
      "import { useState } from 'react';\nexport { useState };\n",
      'src/shared is the client-server contract',
    ],
    [
      'src/shared/needs-forms.ts',
      "export { value } from '../forms/engine';\n",
      'src/shared imports only src/shared',
    ],
    [
      'src/client/lib/reads-server.ts',
      "export { value } from '../../server/errors';\n",
      'src/client never imports the server',
    ],
    [
      'src/server/routes/draws.ts',
      "export { value } from '../../client/lib/http';\n",
      'src/server never imports the client',
    ],
    [
      'src/client/features/intake/deep.ts',
      "export { value } from '../intake-list/api/list-intakes';\n",
      "through a feature's index.ts or module.tsx",
    ],
    [
      'src/client/features/intake/api/deeper.ts',
      "export { value } from '../../intake-list/api/list-intakes';\n",
      "through a feature's index.ts or module.tsx",
    ],
    [
      'src/client/components/card.tsx',
      "export { value } from '../features/intake/section-editor';\n",
      'Only src/client/app composes features',
    ],
  ])('refuses %s and says where the code belongs', (file, text, message) => {
    const found = violations({ [file]: text });
    expect(found).toHaveLength(1);
    expect(found[0]?.file).toBe(file);
    expect(found[0]?.message).toContain(message);
  });

  it('lets each side import what it may', () => {
    const found = violations({
      'src/shared/index.ts': "export { value } from './email.ts';\n",
      'src/shared/email.ts': OK,
      // the one package of the contract: the types of its JSON Schemas (ADR 117)
      'src/shared/user-view.ts':
        "import type { FromSchema } from 'json-schema-to-ts';\nexport type X = FromSchema<{}>;\n",
      'src/forms/engine.ts':
        "import Ajv from 'ajv';\nimport { value } from '../shared/index.ts';\nexport { Ajv, value };\n",
      'src/server/routes/login.ts':
        "import Fastify from 'fastify';\nexport { value } from '../../shared';\nexport { Fastify };\n",
      'src/client/features/auth/login-page.tsx':
        "import { useState } from 'react';\nimport { value } from '../account-status';\nimport { x } from '../intake/module';\nimport { y } from '../../lib/http';\nexport { useState, value, x, y };\n",
      'src/client/features/auth/api/login.ts': "export { value } from '../landing';\n",
      'src/client/app/router.tsx': "export const page = () => import('../features/auth/login-page');\n",
    });
    expect(found).toEqual([]);
  });

  it('fails with the message of the broken rule, naming the file and line', () => {
    const result = lint({
      'src/client/features/intake/good-name.ts': OK,
      'src/client/lib/http.ts': "export const x = 1;\nexport { value } from '../../server/errors';\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('src/client/lib/http.ts:2 src/client never imports the server');
  });
});

describe('npm run lint: file names are kebab-case (ADR 074)', () => {
  it('fails on a PascalCase file name', () => {
    const result = lint({ 'src/client/components/StatusBanner.tsx': OK });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('StatusBanner.tsx');
    expect(result.output).toMatch(/kebab-case/);
  });

  it('passes kebab-case names, with dots for kinds of file', () => {
    const result = lint({
      'src/client/components/status-banner.tsx': OK,
      'src/forms/precompile/compile-form.ts': OK,
      'src/client/forms/virtual-form-validators.d.ts': 'export {};\n',
    });
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });
});
