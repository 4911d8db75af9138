/** The engine on Node (server and scripts): reads `schemas/` and `locales/` from disk, compiles with Ajv. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAjv } from './ajv';
import { createEngine, type Engine } from './engine';
import type { CompiledValidator, FormDefinition } from './types';

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

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

/** Compiles each form version once with the engine's Ajv set-up. */
export function runtimeCompiler(): (form: FormDefinition) => CompiledValidator {
  const ajv = createAjv();
  return (form) => ajv.compile(form.schema) as CompiledValidator;
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
