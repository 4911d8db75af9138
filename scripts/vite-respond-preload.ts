/**
 * Vite plugin: respond.html names the respondent app's and form engine's chunks, and the chunks they import, as
 * `<link rel="modulepreload">`, so the browser fetches and parses them while the page reads its link
 * (ADR 096). Preloading does not evaluate: `src/client/i18n` still reads the page language only when
 * respond-main imports the app, after the link's language is set.
 */
import type { Plugin } from 'vite';

/** The app respond-main imports, and the form engine its provider imports on first render. */
const APP_MODULES = ['src/client/respond/respond-app.tsx', 'src/client/forms/questionnaire-engine.ts'];

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

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
        const apps = APP_MODULES.map((module) => {
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
        for (const app of apps) visit(app.fileName);
        return files.map((file) => ({
          tag: 'link',
          // low: the link's read and then the questionnaire's files head the chain to the first question, and on
          // HTTP/1.1 they would otherwise wait for one of the six connections these downloads hold
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
