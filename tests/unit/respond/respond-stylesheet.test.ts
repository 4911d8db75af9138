// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

// The respondent's page has a stylesheet of its own whose Tailwind sources are named, not detected (ADR 146): a
// class in a module its build holds outside those sources would silently have no rule.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const stylesheet = path.join(root, 'src/client/styles/respond.css');
const css = readFileSync(stylesheet, 'utf8');

/** The stylesheet's `@source` paths, absolute. */
const sources = [...css.matchAll(/^@source\s+"([^"]+)";/gm)].map((match) =>
  path.resolve(path.dirname(stylesheet), match[1]!),
);

const covered = (file: string) =>
  sources.some((source) => file === source || file.startsWith(`${source}${path.sep}`));

/** The project's files in respond.html's build, every chunk (lazily loaded ones too); packages left out. */
async function respondentModules(): Promise<string[]> {
  const output = (await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, sourcemap: false, minify: false, rolldownOptions: { input: 'respond.html' } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const ids = (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : []));
  return [
    ...new Set(
      ids
        .map((id) => id.split('?')[0]!)
        // as index.css's detection: Tailwind skips git-ignored folders (node_modules); virtual modules hold no markup
        .filter((id) => id.startsWith(root) && !id.includes(`${path.sep}node_modules${path.sep}`)),
    ),
  ];
}

describe("the respondent page's stylesheet (src/client/styles/respond.css)", () => {
  let modules: string[] = [];
  beforeAll(async () => {
    modules = await respondentModules();
  }, 120_000);

  it('names its sources instead of scanning the whole app', () => {
    expect(css).toMatch(/^@import "tailwindcss" source\(none\);$/m);
    expect(sources.length).toBeGreaterThan(0);
  });

  it("holds the build's modules: its page, the respondent app, the form engine and its widgets", () => {
    const code = modules.filter((file) => /\.(tsx?|jsx?|html)$/.test(file));
    for (const expected of [
      'respond.html',
      'src/client/respond/respond-page.tsx',
      'src/client/forms/widgets/radio-widget.tsx',
    ])
      expect(code).toContain(path.join(root, expected));
    expect(code.filter((file) => !covered(file)).map((file) => path.relative(root, file))).toEqual([]);
  });

  it("holds data files (schemas, texts) that name no class: a UI schema's classNames would need its folder", () => {
    const data = modules.filter((file) => file.endsWith('.json'));
    expect(data.length).toBeGreaterThan(0);
    expect(
      data
        .filter((file) => /"(ui:)?classNames"/.test(readFileSync(file, 'utf8')))
        .map((f) => path.relative(root, f)),
    ).toEqual([]);
  });
});
