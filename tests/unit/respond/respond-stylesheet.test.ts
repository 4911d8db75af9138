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

type Output = Array<Rolldown.OutputChunk | Rolldown.OutputAsset>;

/** The app's build as `npm run build` makes it (both pages, their chunks shared), in memory. */
async function appBuild(): Promise<Output> {
  const output = (await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, sourcemap: false, minify: false },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  return (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
}

/** The chunks respond.html loads, at once or lazily. */
function respondentChunks(output: Output): Rolldown.OutputChunk[] {
  const chunks = new Map(
    output.flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
  );
  const entry = [...chunks.values()].find(
    (chunk) => chunk.facadeModuleId === path.join(root, 'respond.html'),
  );
  const reached = new Set<string>();
  const visit = (name: string) => {
    const chunk = chunks.get(name);
    if (!chunk || reached.has(name)) return;
    reached.add(name);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  if (entry) visit(entry.fileName);
  return [...reached].map((name) => chunks.get(name)!);
}

/** The project's files in those chunks; packages left out. */
function projectModules(chunks: Rolldown.OutputChunk[]): string[] {
  return [
    ...new Set(
      chunks
        .flatMap((chunk) => chunk.moduleIds)
        .map((id) => id.split('?')[0]!)
        // as index.css's detection: Tailwind skips git-ignored folders (node_modules); virtual modules hold no markup
        .filter((id) => id.startsWith(root) && !id.includes(`${path.sep}node_modules${path.sep}`)),
    ),
  ];
}

describe("the respondent page's stylesheet (src/client/styles/respond.css)", () => {
  let chunks: Rolldown.OutputChunk[] = [];
  let modules: string[] = [];
  beforeAll(async () => {
    chunks = respondentChunks(await appBuild());
    modules = projectModules(chunks);
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

  it("is asked for by no chunk: the drawn page inlines it and keeps no link for Vite's loader (ADR 146)", () => {
    const sheets = [...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))];
    expect(sheets).toEqual([expect.stringMatching(/^assets\/respond-[\w-]+\.css$/)]);
    const naming = chunks.filter((chunk) => sheets.some((sheet) => chunk.code.includes(sheet)));
    expect(naming.map((chunk) => chunk.fileName)).toEqual([]);
  });
});
