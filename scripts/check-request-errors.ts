/**
 * `npm run lint`: the server has one error type (ADR 116). A request is refused by throwing `AppError` from a
 * factory, answered by plugins/errors.ts; so no other error class may be declared under src/server, and an
 * AppError's code comes from ERROR_CODES, never a string literal. The start-up and command-line errors that never
 * reach a request's answer are named below with the reason each stays. `--root DIR` checks another tree.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

export interface Violation {
  file: string;
  line: number;
  message: string;
}

/** Error classes allowed under src/server: file -> class -> why it is not an AppError (ADR 116). */
export const ALLOWED_ERROR_CLASSES: Record<string, Record<string, string>> = {
  'src/server/errors.ts': { AppError: 'the one error type itself' },
  'src/server/config.ts': { ConfigError: 'start-up: a bad environment stops the process before it listens' },
  'src/server/db/data-dir-lock.ts': {
    DataDirBusyError: 'start-up and commands: the data folder is held by another process',
  },
  'src/server/db/unavailable.ts': {
    DatabaseUnavailableError: "the database layer's own signal, recognised by the error handler as a 503",
  },
  'src/server/admin/admin-result.ts': {
    AdminCommandError: 'an operator command refused; the command line prints its message',
  },
};

const SOURCE = /\.(ts|tsx|mts)$/;
const ERROR_CLASS = /\bclass\s+(\w+)(?:<[^>]*>)?\s+extends\s+(\w*Error)\b/g;
const LITERAL_CODE = /\bnew\s+AppError\(\s*\d+\s*,\s*['"`]/g;

function walk(dir: string, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Every error class and literal error code under `root`/src/server that breaks the one-error-type rule. */
export function checkRequestErrors(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const path of walk(join(root, 'src', 'server'))) {
    const file = relative(root, path).split(sep).join('/');
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(ERROR_CLASS)) {
      const name = match[1] ?? '';
      if (ALLOWED_ERROR_CLASSES[file]?.[name]) continue;
      violations.push({
        file,
        line: lineAt(text, match.index),
        message: `class ${name} extends ${match[2]}: the server has one error type. Throw an AppError from a factory of the area (e.g. intakeErrors.conflict(current) in src/server/intake/errors.ts); the error handler answers it (ADR 116).`,
      });
    }
    for (const match of text.matchAll(LITERAL_CODE)) {
      violations.push({
        file,
        line: lineAt(text, match.index),
        message:
          'an AppError code written as a string: take it from ERROR_CODES (src/shared/error-codes.ts), the list the client reads too (ADR 116).',
      });
    }
  }
  return violations;
}

function main() {
  const at = process.argv.indexOf('--root');
  const root = resolve(at >= 0 ? (process.argv[at + 1] ?? '.') : '.');
  const violations = checkRequestErrors(root);
  for (const v of violations) console.error(`${v.file}:${v.line} ${v.message}`);
  if (violations.length > 0) {
    console.error(
      `request errors: ${violations.length} problem(s); see docs/decisions/116-one-error-type.md`,
    );
    process.exit(1);
  }
  console.log('request errors: one error type, codes from ERROR_CODES');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
