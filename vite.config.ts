import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, type Plugin } from 'vite';
import { formValidators } from './src/forms/vite-plugin';

/**
 * What the client build leaves out of RJSF's default registry (ADR 009), per index file: the layout,
 * multi-schema, fallback and optional-data fields (check:forms refuses `ui:field`, `anyOf`, `oneOf`, fields
 * without a `type`, `enableOptionalDataFieldForType`) and their templates, the widgets and templates the
 * product overrides, and widgets no approved UI schema can reach (a format RJSF would draw with one of them,
 * `date`, `uri`..., falls back to the text input). Anything RJSF adds in a later version is kept.
 */
export const RJSF_DROPPED: Record<string, readonly string[]> = {
  '@rjsf/core/lib/components/fields/index.js': [
    'FallbackField',
    'OptionalDataControlsField',
    'LayoutGridField',
    'LayoutHeaderField',
    'LayoutMultiSchemaField',
    'MultiSchemaField',
  ],
  '@rjsf/core/lib/components/widgets/index.js': [
    'AltDateTimeWidget',
    'AltDateWidget',
    'CheckboxesWidget',
    'CheckboxWidget',
    'ColorWidget',
    'DateTimeWidget',
    'DateWidget',
    'EmailWidget',
    'FileWidget',
    'PasswordWidget',
    'RadioWidget',
    'RangeWidget',
    'RatingWidget',
    'SelectWidget',
    'TextareaWidget',
    'TextWidget',
    'TimeWidget',
    'UpDownWidget',
    'URLWidget',
  ],
  '@rjsf/core/lib/components/templates/index.js': [
    'ArrayFieldItemTemplate',
    'ArrayFieldTemplate',
    'BaseInputTemplate',
    'ErrorList',
    'FallbackFieldTemplate',
    'OptionalDataControlsTemplate',
    'FieldErrorTemplate',
    'FieldHelpTemplate',
    'FieldTemplate',
    'GridTemplate',
    'MultiSchemaFieldTemplate',
    'ObjectFieldTemplate',
  ],
};

/** Removes a name's import and its registry entries (`Name,` or `Key: Name,`) from an RJSF index file. */
export function dropFromRjsfIndex(code: string, names: readonly string[], file: string): string {
  let out = code;
  for (const name of names) {
    out = out
      .replace(new RegExp(`^import ${name} from "[^"]+";\\n`, 'm'), '')
      .replace(new RegExp(`^\\s+(\\w+: )?${name},\\n`, 'gm'), '');
    // the file changed shape (an RJSF upgrade): fail the build rather than ship a broken registry
    if (new RegExp(`\\b${name}\\b`).test(out)) throw new Error(`${file}: cannot leave out ${name} (ADR 009)`);
  }
  return out;
}

/** Serves RJSF's registry index files without the dropped entries; a production build only. */
export function rjsfDefaults(): Plugin {
  return {
    name: 'rjsf-defaults',
    apply: 'build',
    transform(code, id) {
      const path = normalizePath(id);
      const file = Object.keys(RJSF_DROPPED).find((f) => path.endsWith(`/node_modules/${f}`));
      return file ? { code: dropFromRjsfIndex(code, RJSF_DROPPED[file] ?? [], file), map: null } : undefined;
    },
  };
}

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), formValidators(), rjsfDefaults()],
  resolve: {
    alias: [
      // no form enables Markdown (check:forms refuses it): RJSF's few inline marks need no parser (ADR 008)
      {
        find: /^markdown-to-jsx(\/react)?$/,
        replacement: fileURLToPath(new URL('./src/client/forms/plain-markdown.tsx', import.meta.url)),
      },
      // forms have no $id and only local #/ refs (check:forms): RJSF needs no URI library (ADR 009)
      {
        find: /^fast-uri$/,
        replacement: fileURLToPath(new URL('./src/client/forms/local-refs.ts', import.meta.url)),
      },
      // allOf members carry only keywords the small merge handles (check:forms): no merge library (ADR 009)
      {
        find: /^@x0k\/json-schema-merge(\/lib\/array)?$/,
        replacement: fileURLToPath(new URL('./src/client/forms/all-of-merge.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // browsers without <link rel="modulepreload"> (Safari < 17) still load every chunk, only without the hint
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
