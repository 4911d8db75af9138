/**
 * Builds the server: bundles `src/server/main.ts` and everything it imports from `src/` into plain
 * JavaScript in `dist/server/` (run with `node dist/server/main.js`). Packages stay in node_modules and are
 * imported from there as they are (PGlite finds its WebAssembly, argon2 its native module). See ADR 017.
 *
 *   node scripts/build-server.mjs [outdir]     (default dist/server; `npm run build` runs it)
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles the server into `outdir` (emptied first, so no chunk of an older build is left behind). */
export async function buildServer({ outdir = path.join(ROOT, 'dist/server') } = {}) {
  await bundleServer({ entryPoints: { main: 'src/server/main.ts' }, outdir });
  await buildRespondRenderer(path.join(outdir, 'respond'));
  return path.join(outdir, 'main.js');
}

/**
 * Bundles server programs as the product's server is bundled: `entryPoints` maps an output name to a source
 * file under the project; `outdir` is emptied first. The bench builds its server and its references with it, so
 * its figures are those of the code `npm start` runs (ADR 155).
 */
export async function bundleServer({ entryPoints, outdir }) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir,
    bundle: true,
    // the app and its packages are loaded by `import()` while the database opens: they need their own chunk
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    // for `node --enable-source-maps` when a stack trace must point into src/ (it slows the start by seconds)
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/**
 * The respondent's page as a server module (ADR 134): Vite builds src/client/respond/respond-ssr.tsx with the
 * app's own plugins (form validators, locale and schema globs), so the server draws with the browser's code.
 * The server loads `respond/respond-ssr.js` beside main.js; without it the page goes out empty, as before.
 */
export async function buildRespondRenderer(outDir) {
  await viteBuild({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    // RJSF is bundled, trimmed as in the browser (ADR 009); other packages are imported from node_modules
    ssr: { noExternal: [/^@rjsf\//] },
    build: {
      ssr: 'src/client/respond/respond-ssr.tsx',
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: { input: { 'respond-ssr': 'src/client/respond/respond-ssr.tsx' } },
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = performance.now();
  const main = await buildServer(process.argv[2] ? { outdir: path.resolve(process.argv[2]) } : {});
  console.log(
    `server built: ${path.relative(process.cwd(), main)} (${Math.round(performance.now() - started)} ms)`,
  );
}
