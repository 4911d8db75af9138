/**
 * Vite plugin: respond.html names the respondent app's and form engine's chunks, and the chunks they import, as
 * `<link rel="modulepreload">`, so the browser fetches and parses them while the page reads its link
 * (ADR 096). Preloading does not evaluate: `src/client/i18n` still reads the page language only when
 * respond-main imports the app, after the link's language is set. The engine's chunks come first: the
 * questionnaire's files wait for them. (Asking for the app's other chunks at `fetchpriority="low"` was measured
 * slower: Chromium then holds back React's renderer, which the first render waits for too.) The engine must not
 * import React's renderer (ADR 101): the questionnaire's files would then wait for its 60 KB to arrive and run,
 * so the build stops when it does.
 */
import type { Plugin } from 'vite';

/** The form engine respond-main starts once the link is read. */
const ENGINE_MODULE = 'src/client/forms/questionnaire-engine.ts';
/** The app respond-main imports and mounts. */
const APP_MODULE = 'src/client/respond/respond-app.tsx';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds?: string[];
}

/** React's renderer, as a module path in a chunk. */
const RENDERER = /node_modules[\\/]react-dom[\\/]/;

export function respondPreload(): Plugin {
  let base = '/';
  return {
    name: 'respond-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const entry = context.chunk as ChunkLike | undefined;
        if (!context.bundle || !entry || !context.filename.endsWith('respond.html')) return;
        const chunks = Object.values(context.bundle).filter(
          (item): item is never => item.type === 'chunk',
        ) as ChunkLike[];
        const [engine, app] = [ENGINE_MODULE, APP_MODULE].map((module) => {
          const found = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
          if (!found) throw new Error(`respond-preload: no chunk for ${module}`);
          return found;
        });
        // the entry's own imports already have their links (Vite's static preloads)
        const known = new Set([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (known.has(fileName)) return;
          known.add(fileName);
          files.push(fileName);
          const chunk = context.bundle?.[fileName] as ChunkLike | undefined;
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(engine!.fileName);
        const engineFiles = [engine!.fileName, ...files];
        const withRenderer = engineFiles.find((file) =>
          (context.bundle?.[file] as ChunkLike | undefined)?.moduleIds?.some((id) => RENDERER.test(id)),
        );
        if (withRenderer)
          throw new Error(
            `respond-preload: the questionnaire engine imports React's renderer (${withRenderer}); keep it in a chunk of its own (ADR 101)`,
          );
        visit(app!.fileName);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
