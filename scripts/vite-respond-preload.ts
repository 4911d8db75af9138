/**
 * Vite plugin: respond.html names, as `<link rel="modulepreload">`, the chunks its page will want (ADR 096):
 * - the respondent app's and form engine's chunks and the chunks they import (untagged), engine first: the
 *   questionnaire's files wait for it;
 * - the texts of its first screen, per language (`data-lang`): the namespaces `data-namespaces` names;
 * - each questionnaire version's schema, UI schema, validator and texts (`data-form="<form id>@<version>"`, the
 *   texts also `data-lang`), which the page asks for once the link has said which one it is.
 * The links sit in respond.html's `<template id="respond-preloads">`, inert until asked for: its inline script
 * takes the untagged ones and those of the language the address names, after starting the link's read (over
 * HTTP/1.1 a browser opens six connections to a server, and links found by its preload scanner would queue the
 * link's read behind some twenty chunks); respond-main takes the questionnaire's (`preload.ts`). Preloading
 * does not evaluate. (Asking for the app's chunks at `fetchpriority="low"` was measured slower: Chromium then
 * holds back React's renderer, which the first render waits for too.)
 */
import type { Plugin } from 'vite';

/** The form engine respond-main starts at once. */
const ENGINE_MODULE = 'src/client/forms/questionnaire-engine.ts';
/** The app respond-main imports and mounts. */
const APP_MODULE = 'src/client/respond/respond-app.tsx';
/** Where respond.html keeps the links until they are asked for. */
const TEMPLATE = '<template id="respond-preloads"></template>';

/** A questionnaire version's schema or UI schema, its validators, or a questionnaire's texts in one language. */
const SCHEMA = /\/schemas\/(questionnaires\/.+)\/v(\d+)\.(?:schema|ui)\.json$/;
const VALIDATOR = /virtual:form-validators\/(questionnaires\/.+)@(\d+)$/;
const TEXTS = /\/locales\/([a-z]{2})\/(questionnaires\/.+)\.json$/;
const INTERFACE_TEXTS = /\/locales\/([a-z]{2})\/([^/]+)\.json$/;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

interface Preload {
  file: string;
  lang?: string;
  form?: string;
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
      handler(html, context) {
        const entry = context.chunk as ChunkLike | undefined;
        if (!context.bundle || !entry || !context.filename.endsWith('respond.html')) return;
        const chunks = Object.values(context.bundle).filter(
          (item): item is never => item.type === 'chunk',
        ) as ChunkLike[];
        const moduleOf = (chunk: ChunkLike) => chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
        const [engine, app] = [ENGINE_MODULE, APP_MODULE].map((module) => {
          const found = chunks.find((chunk) => moduleOf(chunk).endsWith(module));
          if (!found) throw new Error(`respond-preload: no chunk for ${module}`);
          return found;
        });
        // the entry's own imports already have their links (Vite's static preloads)
        const known = new Set([entry.fileName, ...entry.imports]);
        const preloads: Preload[] = [];
        /** Names a chunk and the chunks it imports, less those `seen` (the page's, or a questionnaire's). */
        const visit = (fileName: string, seen: Set<string>, tags: Omit<Preload, 'file'> = {}) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          preloads.push({ file: fileName, ...tags });
          const chunk = context.bundle?.[fileName] as ChunkLike | undefined;
          for (const imported of chunk?.imports ?? []) visit(imported, seen, tags);
        };
        visit(engine!.fileName, known);
        visit(app!.fileName, known);
        const seenByForm = new Map<string, Set<string>>();
        const visitForm = (fileName: string, form: string) => {
          const seen = seenByForm.get(form) ?? new Set(known);
          seenByForm.set(form, seen);
          visit(fileName, seen, { form });
        };

        const namespaces = /data-namespaces="([^"]*)"/.exec(html)?.[1]?.split(/\s+/) ?? [];
        const versions = new Map<string, string[]>();
        for (const chunk of chunks) {
          const found = SCHEMA.exec(moduleOf(chunk)) ?? VALIDATOR.exec(moduleOf(chunk));
          if (found) versions.set(found[1]!, [...new Set([...(versions.get(found[1]!) ?? []), found[2]!])]);
        }
        for (const chunk of chunks) {
          const module = moduleOf(chunk);
          const schema = SCHEMA.exec(module) ?? VALIDATOR.exec(module);
          const texts = TEXTS.exec(module);
          const ui = INTERFACE_TEXTS.exec(module);
          if (schema) visitForm(chunk.fileName, `${schema[1]}@${schema[2]}`);
          else if (texts)
            // one file of texts serves every version of its questionnaire
            for (const version of versions.get(texts[2]!) ?? [])
              preloads.push({ file: chunk.fileName, lang: texts[1], form: `${texts[2]}@${version}` });
          else if (ui && namespaces.includes(ui[2]!)) preloads.push({ file: chunk.fileName, lang: ui[1] });
        }
        if (!html.includes(TEMPLATE)) throw new Error(`respond-preload: respond.html has no ${TEMPLATE}`);
        // the first screen's texts first: small, and i18n starts only once they are in
        const first = (preload: Preload) => (preload.lang && !preload.form ? 0 : 1);
        const links = [...preloads]
          .sort((a, b) => first(a) - first(b))
          .map(({ file, lang, form }) => {
            const tags = `${form ? ` data-form="${form}"` : ''}${lang ? ` data-lang="${lang}"` : ''}`;
            return `<link rel="modulepreload" crossorigin href="${base}${file}"${tags}>`;
          });
        return html.replace(TEMPLATE, TEMPLATE.replace('><', `>${links.join('')}<`));
      },
    },
  };
}
