/**
 * The client build's trimming of RJSF (ADR 009): the registry entries it drops and the dependencies it
 * replaces by small modules. Every edit checks that RJSF still has the shape it edits and fails the build with
 * the file, what was expected and ADR 009 when an upgrade moved or renamed it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Alias, normalizePath, type Plugin } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const UPGRADE = 'see ADR 009, "What an RJSF upgrade takes"';

/**
 * What the client build leaves out of RJSF's default registry (ADR 009), per index file: the layout,
 * multi-schema, fallback and optional-data fields (check:forms refuses `ui:field`, `anyOf`, `oneOf`, fields
 * without a `type`, `enableOptionalDataFieldForType`) and their templates, the widgets and templates the
 * product overrides, and widgets no approved UI schema can reach (a format RJSF would draw with one of them,
 * `date`, `uri`..., falls back to the text input). Anything RJSF adds in a later version is kept.
 */
export const RJSF_DROPPED: Record<string, readonly string[]> = {
  '@rjsf/core/lib/components/fields/index.js': [
    // fetched for the forms that have an array, with the product's row templates (ADR 139)
    'ArrayField',
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
    // only RJSF's own array templates draw these three, and the product's replace them (ADR 150)
    'ArrayFieldDescriptionTemplate',
    'ArrayFieldItemButtonsTemplate',
    'ArrayFieldItemTemplate',
    'ArrayFieldTemplate',
    'ArrayFieldTitleTemplate',
    'BaseInputTemplate',
    // the product themes every button (templates/button-templates.tsx, checked by its type, ADR 150)
    'ButtonTemplates',
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

/**
 * Schema utilities the client build leaves out of RJSF's `createSchemaUtils` (ADR 139): `omitExtraData` and
 * `toPathSchema` serve only Form's `omitExtraData` prop, which SchemaForm never sets (a unit test holds it to
 * that). Called anyway, they throw, naming this ADR.
 */
export const RJSF_UNUSED_SCHEMA_UTILS = {
  file: '@rjsf/utils/lib/createSchemaUtils.js',
  names: ['omitExtraData', 'toPathSchema'],
} as const;

/** Takes `names` out of the schema-utilities' import list and puts a function that throws in their place. */
export function dropSchemaUtils(code: string, names: readonly string[], file: string): string {
  const importList = /^import \{([^}]+)\} from "\.\/schema\/index\.js";$/m;
  let out = code;
  for (const name of names) {
    const entry = new RegExp(`(^|[\\s,{])${name},`);
    const list = importList.exec(out);
    if (!list || !entry.test(list[1] as string))
      throw new Error(
        `${file}: expected \`${name}\` in the import from "./schema/index.js" to leave out, found none; RJSF changed this file (${UPGRADE})`,
      );
    out = out.replace(list[0], list[0].replace(entry, '$1'));
    out += `\nfunction ${name}() { throw new Error("RJSF's ${name} is left out of the client build (ADR 139)"); }\n`;
  }
  return out;
}

/** A dependency RJSF imports and the small module the client build serves instead. */
export interface RjsfReplacement {
  /** The exact specifiers RJSF's modules import today (checked at build start). */
  specifiers: readonly string[];
  find: RegExp;
  replacement: string;
  why: string;
}

export const RJSF_REPLACEMENTS: readonly RjsfReplacement[] = [
  {
    // no form enables Markdown (check:forms refuses it): RJSF's few inline marks need no parser (ADR 008)
    specifiers: ['markdown-to-jsx/react'],
    find: /^markdown-to-jsx(\/react)?$/,
    replacement: join(ROOT, 'src/client/forms/plain-markdown.tsx'),
    why: 'ADR 008',
  },
  {
    // forms have no $id and only local #/ refs (check:forms): RJSF needs no URI library (ADR 009)
    specifiers: ['fast-uri'],
    find: /^fast-uri$/,
    replacement: join(ROOT, 'src/client/forms/local-refs.ts'),
    why: 'ADR 009',
  },
  {
    // allOf members carry only keywords the small merge handles (check:forms): no merge library (ADR 009)
    specifiers: ['@x0k/json-schema-merge', '@x0k/json-schema-merge/lib/array'],
    find: /^@x0k\/json-schema-merge(\/lib\/array)?$/,
    replacement: join(ROOT, 'src/client/forms/all-of-merge.ts'),
    why: 'ADR 009',
  },
  {
    // RJSF compares JSON form data and schemas only: a small deep compare does (ADR 009, amended by 110)
    specifiers: ['fast-equals'],
    find: /^fast-equals$/,
    replacement: join(ROOT, 'src/client/forms/deep-equals.ts'),
    why: 'ADR 009',
  },
];

/** The aliases of vite.config.ts: the same in `vite` (development) and `vite build`. */
export const rjsfAliases = (): Alias[] =>
  RJSF_REPLACEMENTS.map(({ find, replacement }) => ({ find, replacement }));

/** Removes a name's import and its registry entries (`Name,`, `Key: Name,` or `Key: Name(),`) from an RJSF index file. */
export function dropFromRjsfIndex(code: string, names: readonly string[], file: string): string {
  let out = code;
  for (const name of names) {
    const importLine = new RegExp(`^import ${name} from "[^"]+";\\n`, 'm');
    const entry = new RegExp(`^\\s+(\\w+: )?${name}(\\(\\))?,\\n`, 'gm');
    // RJSF renamed or moved the export: dropping nothing would silently keep it in the bundle
    if (!importLine.test(out) || !entry.test(out))
      throw new Error(
        `${file}: expected \`import ${name} from "..."\` and a registry entry \`${name},\` to leave out, found none; RJSF changed this file (${UPGRADE})`,
      );
    out = out.replace(importLine, '').replace(entry, '');
    // the file changed shape (an RJSF upgrade): fail the build rather than ship a broken registry (a comment
    // naming it is no use of it)
    if (new RegExp(`\\b${name}\\b`).test(out.replace(/^\s*\/\/.*$/gm, '')))
      throw new Error(`${file}: cannot leave out ${name}, it is still used in the file (${UPGRADE})`);
  }
  return out;
}

/** Every module specifier of the given packages that RJSF's own modules import. */
export function rjsfImports(
  packages: readonly string[],
  nodeModules = join(ROOT, 'node_modules'),
): Set<string> {
  const found = new Set<string>();
  const pattern = /from ['"]([^'"]+)['"]/g;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) {
        for (const match of readFileSync(path, 'utf8').matchAll(pattern)) {
          const specifier = match[1] as string;
          if (packages.some((p) => specifier === p || specifier.startsWith(`${p}/`))) found.add(specifier);
        }
      }
    }
  };
  for (const lib of ['@rjsf/core/lib', '@rjsf/utils/lib', '@rjsf/validator-ajv8/lib']) {
    if (!existsSync(join(nodeModules, lib)))
      throw new Error(`node_modules/${lib}: expected RJSF's modules here, found no folder (${UPGRADE})`);
    walk(join(nodeModules, lib));
  }
  return found;
}

/** Fails when a replaced dependency is no longer what RJSF imports, or a small module is missing. */
export function checkRjsfReplacements(
  replacements: readonly RjsfReplacement[] = RJSF_REPLACEMENTS,
  nodeModules = join(ROOT, 'node_modules'),
): void {
  const packageOf = (s: string) =>
    s
      .split('/')
      .slice(0, s.startsWith('@') ? 2 : 1)
      .join('/');
  const imported = rjsfImports(
    replacements.flatMap((r) => r.specifiers.map(packageOf)),
    nodeModules,
  );
  for (const { specifiers, find, replacement, why } of replacements) {
    if (!existsSync(replacement))
      throw new Error(
        `${replacement}: expected the small module that replaces ${specifiers[0]}, found no file (${why})`,
      );
    for (const specifier of specifiers) {
      if (!imported.has(specifier))
        throw new Error(
          `vite.config.ts: expected RJSF to import "${specifier}" (replaced by ${replacement}), it no longer does (${UPGRADE})`,
        );
    }
    const packages = new Set(specifiers.map(packageOf));
    for (const specifier of imported) {
      if (packages.has(packageOf(specifier)) && !find.test(specifier))
        throw new Error(`vite.config.ts: RJSF imports "${specifier}", which no alias replaces (${UPGRADE})`);
    }
  }
}

/**
 * Serves RJSF's registry index files without the dropped entries; a production build only. The build fails
 * when a replaced dependency or an index file is not where RJSF_DROPPED and RJSF_REPLACEMENTS expect it.
 */
export function rjsfDefaults(): Plugin {
  const trimmed = new Set<string>();
  return {
    name: 'rjsf-defaults',
    apply: 'build',
    buildStart() {
      trimmed.clear();
      checkRjsfReplacements();
    },
    transform(code, id) {
      const path = normalizePath(id);
      if (path.endsWith(`/node_modules/${RJSF_UNUSED_SCHEMA_UTILS.file}`)) {
        trimmed.add(RJSF_UNUSED_SCHEMA_UTILS.file);
        return {
          code: dropSchemaUtils(code, RJSF_UNUSED_SCHEMA_UTILS.names, RJSF_UNUSED_SCHEMA_UTILS.file),
          map: null,
        };
      }
      const file = Object.keys(RJSF_DROPPED).find((f) => path.endsWith(`/node_modules/${f}`));
      if (!file) return undefined;
      trimmed.add(file);
      return { code: dropFromRjsfIndex(code, RJSF_DROPPED[file] ?? [], file), map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missed = [...Object.keys(RJSF_DROPPED), RJSF_UNUSED_SCHEMA_UTILS.file].filter(
        (file) => !trimmed.has(file),
      );
      if (missed.length > 0)
        throw new Error(
          `node_modules/${missed.join(', node_modules/')}: expected RJSF's file in the build to leave entries out of, the build never loaded it (${UPGRADE})`,
        );
    },
  };
}
