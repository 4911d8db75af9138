/**
 * `npm run translations -- <command> <lang>`: the translator workflow (ADR 124, docs/authoring.md "Translating").
 *   export <lang> [--out <file>]   every English text with its translation and a status, as a CSV for Excel
 *   import <lang> <file>           writes the translations of a CSV back into locales/<lang>/, or nothing
 *   record <lang>                  records translations written by hand as made from the English of now
 * `--locales <dir>` and `--sources <file>` name other folders than the repository's (tests).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ROOT_DIR, readJsonTree } from '../src/forms/node';
import { parseCsv, toCsv } from '../src/forms/translations/csv';
import {
  exportRows,
  exportTable,
  importRows,
  recordUnrecorded,
  type SourceRecord,
  STATUSES,
  treesOf,
} from '../src/forms/translations/workflow';
import { isLang, type Lang } from '../src/forms/types';

const USAGE =
  'usage: npm run translations -- export <lang> [--out <file>] | import <lang> <file> | record <lang>';

/** The first 8 hex digits of SHA-256: enough to tell one text from its next version. */
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  args.splice(at, 2);
  return value;
}

function main(argv: string[]): number {
  const args = [...argv];
  const out = option(args, '--out');
  const localesDir = resolve(option(args, '--locales') ?? join(ROOT_DIR, 'locales'));
  const [command, lang, file] = args;
  if (!command || !lang || !isLang(lang) || lang === 'en') throw new Error(USAGE);
  const sourcesFile = resolve(
    option(args, '--sources') ?? join(ROOT_DIR, 'translations', `${lang}.sources.json`),
  );
  const files = readJsonTree(localesDir);
  const english = treesOf(files, 'en');
  const target = treesOf(files, lang as Lang);
  const record: SourceRecord = existsSync(sourcesFile) ? JSON.parse(readFileSync(sourcesFile, 'utf8')) : {};
  const saveRecord = (next: SourceRecord) => {
    mkdirSync(dirname(sourcesFile), { recursive: true });
    writeFileSync(sourcesFile, json(next));
  };

  if (command === 'export') {
    const rows = exportRows(english, target, record, hash);
    const path = resolve(out ?? `translations-${lang}.csv`);
    writeFileSync(path, toCsv(exportTable(rows, lang as Lang)));
    const counts = STATUSES.map((s) => `${rows.filter((r) => r.status === s).length} ${s}`).join(', ');
    console.log(`translations: wrote ${rows.length} texts to ${path} (${counts})`);
    return 0;
  }
  if (command === 'import') {
    if (!file) throw new Error(USAGE);
    const result = importRows(
      parseCsv(readFileSync(file, 'utf8')),
      lang as Lang,
      english,
      target,
      record,
      hash,
    );
    if (result.problems.length > 0) {
      for (const p of result.problems) console.error(`${file}: row ${p.row}: ${p.message}`);
      console.error(`translations: ${result.problems.length} problem(s); nothing was written`);
      return 1;
    }
    for (const [ns, tree] of Object.entries(result.changed))
      writeFileSync(join(localesDir, lang, `${ns}.json`), json(tree));
    saveRecord(result.record);
    console.log(
      `translations: ${result.written} text(s) written in ${Object.keys(result.changed).length} file(s), ${result.confirmed} confirmed; run npm run check:forms`,
    );
    return 0;
  }
  if (command === 'record') {
    saveRecord(recordUnrecorded(english, target, record, hash));
    console.log(`translations: recorded ${sourcesFile}`);
    return 0;
  }
  throw new Error(USAGE);
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(`translations: ${(error as Error).message}`);
  process.exitCode = 1;
}
