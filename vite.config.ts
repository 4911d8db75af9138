import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { viteServerOptions } from './scripts/dev-ports.ts';
import { rjsfAliases, rjsfDefaults } from './scripts/rjsf-trim.ts';
import { type ChunkGroupName, chunkGroups } from './scripts/vite-chunk-groups.ts';
import { formValidators } from './scripts/vite-form-validators.ts';
import { respondPreload } from './scripts/vite-respond-preload.ts';

export { dropFromRjsfIndex, RJSF_DROPPED, rjsfDefaults } from './scripts/rjsf-trim.ts';

/** In development, a respondent link (/r/<token>) opens respond.html, as the server does once built. */
function respondentPage(): Plugin {
  return {
    name: 'respondent-page',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url?.startsWith('/r/')) request.url = '/respond.html';
        next();
      });
    },
  };
}

/** What is loaded together travels together (ADR 150): groups read from the module graph. */
const groups = chunkGroups();
const graphGroup = (name: string, group: ChunkGroupName) => ({
  name,
  test: (id: string) => groups.has(group, id),
  priority: 4,
  // the graph already says what belongs: a group taking its modules' imports along would take the first paint's
  includeDependenciesRecursively: false,
});

export default defineConfig({
  root: '.',
  plugins: [
    react(),
    tailwindcss(),
    formValidators(),
    rjsfDefaults(),
    respondentPage(),
    respondPreload(),
    groups.plugin,
  ],
  resolve: {
    // RJSF's dependencies replaced by small modules, in development and build alike (ADR 008, 009); react-i18next's
    // polyfill of a hook React has had since 18 is React's own hook (ADR 139)
    alias: [
      ...rjsfAliases(),
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL('./src/client/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // browsers without <link rel="modulepreload"> (Safari < 17) still load every chunk, only without the hint
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // the respondent's page is an entry of its own: it loads none of the account screens (ADR 096)
      input: { main: 'index.html', respond: 'respond.html' },
      output: {
        // a chunk's name is its hash alone: every import and preload list names files, and a name adds bytes to
        // each (ADR 150); the manifest and the source maps still say what each file holds
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // React and its renderer travel as one chunk: every page draws with all of them, and over HTTP/1.1 a
          // phone fetches few chunks at a time, so one request beats four (ADR 100). i18next is a chunk of its
          // own: the form engine needs it, and the respondent page's engine starts before React has arrived
          // (ADR 101). Its group ranks higher, since react-i18next imports it and a group takes its modules'
          // imports along; the engine's translation module, which imports it for every importer, travels with it.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/]((react|react-dom|scheduler|react-i18next|use-sync-external-store)[\\/]|zustand[\\/]esm[\\/](index|vanilla|react)\.mjs$)/,
              priority: 10,
            },
            {
              name: 'i18next',
              test: /node_modules[\\/]i18next[\\/]|src[\\/]forms[\\/](locales|schema-ref)\.ts$/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
            graphGroup('main', 'first'),
            graphGroup('form-engine', 'engine'),
            graphGroup('form-view', 'view'),
            graphGroup('frame', 'frame'),
            // what a screen's save status shows (the intake, a response in session), with its leave dialog
            {
              name: 'save-status',
              test: /src[\\/]client[\\/](components[\\/](save-status|leave-dialog)|lib[\\/](format-time|draft[\\/](use-leave-guard|use-online)))\.tsx?$/,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            // the one draft model (ADR 110) in one chunk, not one per module the intake and the fills share, with the
            // check-your-answers list every fill draws
            {
              name: 'draft',
              test: /src[\\/]client[\\/](lib[\\/]draft[\\/](draft-saver|answers-draft|use-answers-draft)|forms[\\/]check-answers-panel)/,
              priority: 5,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      // timings are for plugin authors; the bench measures the build (ADR 040)
      checks: { bundlerTimings: false },
      onLog(level, log, handler) {
        // Tailwind writes CSS without a map: JavaScript source maps are unaffected, and a broken one still warns
        if (log.code === 'SOURCEMAP_BROKEN' && log.plugin?.startsWith('@tailwindcss/vite')) return;
        handler(level, log);
      },
    },
  },
  // Vite on 5173, /api proxied to the API server on PORT (scripts/dev-ports.ts)
  server: viteServerOptions(),
});
