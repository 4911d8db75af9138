/**
 * `npm run lint` (after Biome): the import directions of ADR 074. Every relative import is resolved to the folder
 * it reaches, so `../../server/errors` and `../../../server/errors` are the same violation; each message says
 * where the code belongs. `--root DIR` checks another tree laid out like this one (the tests use a fixture).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  message: string;
}

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
// static imports and re-exports, side-effect imports, dynamic imports and import.meta.glob patterns
const IMPORTS = [
  /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bimport\.meta\.glob(?:<[^>]*>)?\(\s*['"]([^'"]+)['"]/g,
];

const FRAMEWORKS =
  /^(react|react-dom|react-router-dom|react-i18next|@tanstack\/|zustand|fastify|@fastify\/|vite|@vitejs\/|kysely|pg)(\/|$)/;

const FEATURE_SURFACE = ['index', 'module'];

function layerOf(path: string): string | undefined {
  const [top, layer] = path.split('/');
  return top === 'src' ? layer : undefined;
}

/** `src/client/features/<name>/...` -> name */
function featureOf(path: string): string | undefined {
  const parts = path.split('/');
  return parts[0] === 'src' && parts[1] === 'client' && parts[2] === 'features' ? parts[3] : undefined;
}

/** Whether a path inside a feature is its surface: `<feature>` itself, its `index` or its `module`. */
function isFeatureSurface(path: string): boolean {
  const parts = path.split('/');
  if (parts.length === 4) return true;
  return parts.length === 5 && FEATURE_SURFACE.includes((parts[4] ?? '').replace(SOURCE, ''));
}

/** The one package src/shared may import: `FromSchema`, a type that is erased at build (ADR 117). */
const SHARED_PACKAGES = ['json-schema-to-ts'];

/** The rule an import breaks, as the message a developer reads, or undefined when it is allowed. */
export function ruleFor(from: string, specifier: string, target: string | undefined): string | undefined {
  const layer = layerOf(from);
  const targetLayer = target === undefined ? undefined : layerOf(target);
  if (layer === 'shared' && !SHARED_PACKAGES.includes(specifier)) {
    if (target === undefined)
      return `src/shared is the client-server contract: plain TypeScript that imports no package ('${specifier}'). Code that needs a library belongs in src/forms (validation), src/client or src/server (ADR 073, 074).`;
    if (targetLayer !== 'shared')
      return `src/shared imports only src/shared: it is the contract both sides import, so it cannot depend on src/${targetLayer ?? '..'}. Move what both sides need into src/shared, or keep this code on its side (ADR 074).`;
  }
  if (layer === 'forms') {
    if (target === undefined && FRAMEWORKS.test(specifier))
      return `src/forms is the form engine shared by browser and server: it imports no React, Fastify, Vite or database package ('${specifier}'). React code belongs in src/client/forms, server code in src/server, build plugins in scripts/ (ADR 074).`;
    if (targetLayer === 'client' || targetLayer === 'server')
      return `src/forms never imports src/${targetLayer}: the engine is shared by both. Move what it needs into src/forms or src/shared (ADR 074).`;
  }
  if (layer === 'client') {
    if (
      targetLayer === 'server' ||
      (target === undefined && /^(fastify|@fastify\/|kysely|pg)(\/|$)/.test(specifier))
    )
      return `src/client never imports the server ('${specifier}'): what both sides agree on (statuses, error codes, API views) belongs in src/shared, the server's code stays in src/server (ADR 073, 074).`;
    const feature = featureOf(from);
    const targetFeature = target === undefined ? undefined : featureOf(target);
    if (targetFeature !== undefined && targetFeature !== feature && !isFeatureSurface(target ?? '')) {
      if (feature !== undefined)
        return `Features import each other only through a feature's index.ts or module.tsx ('${specifier}'): export it from src/client/features/${targetFeature}/index.ts, or move what both use to src/client/components, lib or stores (ADR 021, 074).`;
      if (!from.startsWith('src/client/app/'))
        return `Only src/client/app composes features: shared ${from.split('/')[2]} code cannot import src/client/features/${targetFeature} ('${specifier}'). Move what both use out of the feature (ADR 021, 074).`;
    }
  }
  if (layer === 'server') {
    if (
      targetLayer === 'client' ||
      (target === undefined && FRAMEWORKS.test(specifier) && /^react/.test(specifier))
    )
      return `src/server never imports the client ('${specifier}'): what both sides agree on belongs in src/shared, browser code stays in src/client (ADR 073, 074).`;
  }
  return undefined;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

const toPosix = (path: string) => path.split(sep).join('/');

/** Every import under `root/src` that breaks a boundary. */
export function checkBoundaries(root: string): Violation[] {
  const src = join(root, 'src');
  const violations: Violation[] = [];
  for (const absolute of walk(src)) {
    const file = toPosix(relative(root, absolute));
    const text = readFileSync(absolute, 'utf8');
    for (const pattern of IMPORTS) {
      for (const match of text.matchAll(pattern)) {
        const specifier = match[1] ?? '';
        const target = specifier.startsWith('.')
          ? toPosix(relative(root, resolve(dirname(absolute), specifier)))
          : undefined;
        const message = ruleFor(file, specifier, target);
        if (message) {
          const line = text.slice(0, match.index).split('\n').length;
          violations.push({ file, line, specifier, message });
        }
      }
    }
  }
  return violations;
}

function main() {
  const at = process.argv.indexOf('--root');
  const root = resolve(at >= 0 ? (process.argv[at + 1] ?? '.') : '.');
  const violations = checkBoundaries(root);
  for (const v of violations) console.error(`${v.file}:${v.line} ${v.message}`);
  if (violations.length > 0) {
    console.error(
      `\nboundaries: ${violations.length} import(s) cross a boundary (docs/decisions/074-boundaries-and-file-names.md)`,
    );
    process.exit(1);
  }
  console.log('boundaries: every import keeps to its side');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
