// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { loadQuestionnaireCatalog } from '../../../../src/forms/node';
import { findUnsafeCode } from '../../../../src/forms/precompile/check-bundle';
import { scoreAnswers } from '../../../../src/forms/questionnaires/index.ts';
import { asGolden, GOLDEN_IDS, readGolden } from '../../../fixtures/questionnaires/golden';

const catalog = loadQuestionnaireCatalog();

describe.each(GOLDEN_IDS)('golden answer sets of %s', (id) => {
  const golden = readGolden(id);
  const def = catalog.get(id, golden.version);

  it('are for the shipped version and scoring version, and at least 20', () => {
    expect(def.scoringVersion).toBe(golden.scoringVersion);
    expect(golden.cases.length).toBeGreaterThanOrEqual(20);
  });

  it.each(golden.cases.map((c) => [c.name, c] as const))('scoreAnswers: %s', (_name, c) => {
    expect(asGolden(scoreAnswers(def, c.answers))).toEqual(c.expected);
  });
});

describe('the client build of the scoring module', () => {
  it('is free of eval and scores every golden answer set exactly as the server module does', async () => {
    const root = fileURLToPath(new URL('../../../..', import.meta.url));
    const output = (await build({
      configFile: false,
      root,
      logLevel: 'silent',
      build: {
        write: false,
        minify: true,
        target: 'es2022',
        lib: {
          entry: join(root, 'src/forms/questionnaires/index.ts'),
          formats: ['es'],
          fileName: 'questionnaires',
        },
      },
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    const chunks = (Array.isArray(output) ? output : [output])
      .flatMap((o) => o.output)
      .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
    expect(chunks).toHaveLength(1);
    const code = chunks[0]!.code;
    expect(findUnsafeCode({ 'questionnaires.js': code })).toEqual([]);

    const file = join(mkdtempSync(join(tmpdir(), 'questionnaires-bundle-')), 'questionnaires.mjs');
    writeFileSync(file, code);
    const client = (await import(pathToFileURL(file).href)) as { scoreAnswers: typeof scoreAnswers };
    expect(client.scoreAnswers).not.toBe(scoreAnswers);
    for (const id of GOLDEN_IDS) {
      const golden = readGolden(id);
      const def = catalog.get(id, golden.version);
      for (const c of golden.cases) {
        expect(asGolden(client.scoreAnswers(def, c.answers)), `${id}: ${c.name}`).toEqual(c.expected);
        expect(client.scoreAnswers(def, c.answers)).toEqual(scoreAnswers(def, c.answers));
      }
    }
  }, 120_000);
});
