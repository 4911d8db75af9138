/**
 * Vite plugin serving precompiled form validators: `virtual:form-validators` exports one loader
 * (`() => import(...)`) per form version, and `virtual:form-validators/<form id>@<version>` that version's
 * RJSF validator functions keyed by RJSF schema id plus the root id. A page fetches only the validators of
 * the forms it draws (ADR 007); the browser never compiles a schema (no Ajv compiler, no `new Function`),
 * so pages run under a CSP without `unsafe-eval`. Saving a schema in dev regenerates its module and
 * hot-updates the importers. A form locale file imported with `?form-titles` is only its `_form` words (the
 * titles a section navigation shows, ADR 009). `widgetNames` lists each form version's `ui:widget` names, so
 * the engine fetches the lazily loaded widgets a form takes beside its other pieces (ADR 098); `arrayForms`
 * names the form versions whose schema has an array, which fetch RJSF's array field likewise (ADR 139).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizePath, type Plugin } from 'vite';
import { hasArray } from '../src/forms/has-array.ts';
import { readJsonTree } from '../src/forms/node.ts';
import { precompileSchema } from '../src/forms/precompile/compile-form.ts';
import { createRegistry, schemaPath } from '../src/forms/registry.ts';
import { withoutSchemaRef } from '../src/forms/schema-ref.ts';
import { widgetNamesOf } from '../src/forms/ui-schema.ts';

export const VIRTUAL_ID = 'virtual:form-validators';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const FORM_PREFIX = `${VIRTUAL_ID}/`;
/** The index of one area's forms alone: `virtual:form-validators?area=questionnaires`. */
const AREA_QUERY = `${VIRTUAL_ID}?area=`;
const FORMS_DIR = fileURLToPath(new URL('../src/forms/', import.meta.url));
/** Query naming a form locale file's `_form` words alone: `/locales/<lang>/<form id>.json?form-titles`. */
export const TITLES_QUERY = '?form-titles';

export interface FormValidatorsOptions {
  /** Folder of the form schemas; default `<vite root>/schemas`. */
  schemasDir?: string;
}

/** `intake/demographics@1` -> the form's schema file. */
function schemaFileOf(schemasDir: string, key: string): string {
  const at = key.lastIndexOf('@');
  return join(schemasDir, key.slice(0, at), `v${key.slice(at + 1)}.schema.json`);
}

/** The Vite plugin; add it to `plugins` in vite.config.ts (and vitest config for tests needing it). */
export function formValidators(options: FormValidatorsOptions = {}): Plugin {
  let schemasDir = options.schemasDir ? resolve(options.schemasDir) : '';
  const imports = {
    formats: normalizePath(join(FORMS_DIR, 'formats.ts')),
    runtime: normalizePath(join(FORMS_DIR, 'precompile', 'runtime.ts')),
  };

  const isSchemaFile = (file: string) =>
    file.endsWith('.json') && normalizePath(file).startsWith(`${normalizePath(schemasDir)}/`);

  return {
    name: 'form-validators',
    configResolved(config) {
      if (!schemasDir) schemasDir = resolve(config.root, 'schemas');
    },
    resolveId(source) {
      if (source === VIRTUAL_ID) return RESOLVED_ID;
      if (source.startsWith(AREA_QUERY)) return `\0${source}`;
      if (source.startsWith(FORM_PREFIX)) return `\0${source}`;
      return undefined;
    },
    load(id) {
      if (id.endsWith(TITLES_QUERY) && id.includes('.json')) {
        const file = id.slice(0, -TITLES_QUERY.length);
        this.addWatchFile(file);
        const words = JSON.parse(readFileSync(file, 'utf8')) as { _form?: unknown };
        return `export default ${JSON.stringify({ _form: words._form ?? {} })};\n`;
      }
      if (id === RESOLVED_ID || id.startsWith(`\0${AREA_QUERY}`)) {
        const files = existsSync(schemasDir) ? readJsonTree(schemasDir) : {};
        for (const file of Object.keys(files)) this.addWatchFile(join(schemasDir, file));
        const area = id.startsWith(`\0${AREA_QUERY}`) ? id.slice(`\0${AREA_QUERY}`.length) : undefined;
        const forms = createRegistry(files)
          .list()
          .filter((form) => !area || form.id.startsWith(`${area}/`));
        // a dynamic import per version: each form's validators become a chunk of their own
        const entries = forms.map(
          (form) =>
            `  ${JSON.stringify(`${form.id}@${form.version}`)}: () => import(${JSON.stringify(`${FORM_PREFIX}${form.id}@${form.version}`)}),`,
        );
        const widgets = Object.fromEntries(
          forms.map((form) => [`${form.id}@${form.version}`, widgetNamesOf(form.uiSchema)]),
        );
        const arrays = forms
          .filter((form) => hasArray(form.schema))
          .map((form) => `${form.id}@${form.version}`);
        return (
          `export const validators = {\n${entries.join('\n')}\n};\n` +
          `export const widgetNames = ${JSON.stringify(widgets)};\n` +
          `export const arrayForms = ${JSON.stringify(arrays)};\nexport default validators;\n`
        );
      }
      if (id.startsWith(`\0${FORM_PREFIX}`)) {
        const key = id.slice(`\0${FORM_PREFIX}`.length);
        const file = schemaFileOf(schemasDir, key);
        this.addWatchFile(file);
        // the schema as the registry gives it to RJSF: the validators are tied to it (ADR 123)
        const schema = withoutSchemaRef(JSON.parse(readFileSync(file, 'utf8')));
        try {
          return precompileSchema(schema, imports).code;
        } catch (error) {
          throw new Error(`${file}: cannot precompile (${(error as Error).message})`);
        }
      }
      return undefined;
    },
    hotUpdate({ file, type, modules }) {
      if (this.environment.name !== 'client' || !isSchemaFile(file)) return;
      const graph = this.environment.moduleGraph;
      const touched = [];
      // an edit of a schema changes that version's module
      const path = schemaPath(normalizePath(relative(schemasDir, file)));
      const match = /^(.+)\/v(\d+)\.schema\.json$/.exec(path);
      // a new or deleted version changes the index, and so does a UI schema's edit (its widget names)
      const ids = type === 'update' && !path.endsWith('.ui.json') ? [] : [RESOLVED_ID];
      if (match) ids.push(`\0${FORM_PREFIX}${match[1]}@${match[2]}`);
      for (const id of ids) {
        const mod = graph.getModuleById(id);
        if (mod) {
          graph.invalidateModule(mod);
          touched.push(mod);
        }
      }
      return [...modules, ...touched];
    },
  };
}
