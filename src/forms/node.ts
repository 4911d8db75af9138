/** The engine on Node (server and scripts): reads `schemas/` and `locales/` from disk, compiles with Ajv. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAjv } from './ajv.ts';
import { createEngine, type Engine } from './engine.ts';
import { createQuestionnaireCatalog, type QuestionnaireCatalog } from './questionnaires/index.ts';
import type { CompiledValidator, FormDefinition } from './types.ts';

/** The application folder (the nearest holding package.json): found alike from src/forms and from a build. */
export function findRootDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir)
      throw new Error(`No package.json above ${from}: cannot find schemas/ and locales/`);
  }
}

export const ROOT_DIR = findRootDir(dirname(fileURLToPath(import.meta.url)));

/** Every `.json` file below `dir`, keyed by its path relative to `dir` (always with `/`). */
export function readJsonTree(dir: string): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  const visit = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.json')) {
        const key = relative(dir, full).split('\\').join('/');
        try {
          files[key] = JSON.parse(readFileSync(full, 'utf8'));
        } catch (error) {
          throw new Error(`${full}: not valid JSON (${(error as Error).message})`);
        }
      }
    }
  };
  visit(dir);
  return files;
}

/**
 * Compiles each form version with the engine's Ajv set-up. The Ajv instance is made on the first compile:
 * setting it up compiles Ajv's meta-schemas (0.1-0.5 s here), which a server start need not wait for.
 */
export function runtimeCompiler(): (form: FormDefinition) => CompiledValidator {
  let ajv: ReturnType<typeof createAjv> | undefined;
  return (form) => {
    ajv ??= createAjv();
    return ajv.compile(form.schema) as CompiledValidator;
  };
}

export interface LoadOptions {
  schemasDir?: string;
  localesDir?: string;
}

/** Loads the engine from the repository's `schemas/` and `locales/` (or the given folders). */
export function loadEngine(options: LoadOptions = {}): Engine {
  const schemasDir = options.schemasDir ?? join(ROOT_DIR, 'schemas');
  const localesDir = options.localesDir ?? join(ROOT_DIR, 'locales');
  return createEngine({
    schemaFiles: readJsonTree(schemasDir),
    localeFiles: readJsonTree(localesDir),
    compile: runtimeCompiler(),
  });
}

/** Loads the questionnaire catalog from the repository's `schemas/` (or the given folder), as `loadEngine` does. */
export function loadQuestionnaireCatalog(options: { schemasDir?: string } = {}): QuestionnaireCatalog {
  return createQuestionnaireCatalog(readJsonTree(options.schemasDir ?? join(ROOT_DIR, 'schemas')));
}
