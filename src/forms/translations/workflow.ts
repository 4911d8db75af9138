/**
 * The translator workflow (ADR 124): `export` gives every English text with its translation and a status,
 * `import` writes translations back (refusing unknown keys and broken placeholders, writing nothing then), and a
 * small record per language keeps which English each translation was made from, so a later English edit shows.
 */
import type { Problem } from '../check-walk.ts';
import { type LocaleFiles, localePath, type Resources } from '../locales.ts';
import { LANGS, type Lang } from '../types.ts';
import type { CsvRecord } from './csv.ts';
import {
  hasWords,
  placeholdersOf,
  type Segment,
  setText,
  splitKey,
  textAt,
  textKey,
  textsOf,
} from './texts.ts';

export const STATUSES = ['missing', 'changed-in-english', 'same-as-english', 'ok'] as const;
export type Status = (typeof STATUSES)[number];

/** A short content hash (the command passes a SHA-256 prefix; the engine stays free of Node). */
export type Hash = (text: string) => string;

/**
 * Namespace -> dotted path -> `<hash of the English>/<hash of the translation>` when the translation was recorded:
 * the English changed since when its hash differs while the translation is still the one recorded.
 */
export type SourceRecord = Record<string, Record<string, string>>;

/** Namespace -> the locale file as written (with its `"$schema"`). */
export type Trees = Record<string, Record<string, unknown>>;

export interface Row {
  key: string;
  english: string;
  translation: string;
  status: Status;
}

/** The locale files of one language by namespace, untouched. */
export function treesOf(files: LocaleFiles, lang: Lang): Trees {
  const trees: Trees = {};
  for (const [key, content] of Object.entries(files)) {
    const match = /^(?<lang>[a-z]{2})\/(?<ns>.+)\.json$/.exec(localePath(key))?.groups;
    if (match?.lang === lang && typeof content === 'object' && content !== null && !Array.isArray(content))
      trees[match.ns!] = content as Record<string, unknown>;
  }
  return trees;
}

function statusOf(
  english: string,
  translation: string | undefined,
  recorded: string | undefined,
  hash: Hash,
) {
  if (translation === undefined || translation === '') return 'missing';
  const [from, made] = recorded?.split('/') ?? [];
  if (from !== undefined && from !== hash(english) && made === hash(translation)) return 'changed-in-english';
  if (translation === english) return 'same-as-english';
  return 'ok';
}

/** Every English text, by namespace then file order, with its translation and status. */
export function exportRows(english: Trees, target: Trees, record: SourceRecord, hash: Hash): Row[] {
  return Object.keys(english)
    .sort()
    .flatMap((ns) =>
      textsOf(english[ns]).map(({ path, text }) => {
        const translation = textAt(target[ns], path);
        return {
          key: textKey(ns, path),
          english: text,
          translation: translation ?? '',
          status: statusOf(text, translation, record[ns]?.[path.join('.')], hash),
        };
      }),
    );
}

/** The spreadsheet's rows: a header naming the columns by language code, then one row per text. */
export function exportTable(rows: readonly Row[], lang: Lang): string[][] {
  return [['key', 'en', lang, 'status'], ...rows.map((r) => [r.key, r.english, r.translation, r.status])];
}

/** The record kept to what the English files hold: entries of texts gone or untranslated dropped, sorted. */
function tidy(record: SourceRecord, english: Trees, target: Trees): SourceRecord {
  const tidied: SourceRecord = {};
  for (const ns of Object.keys(english).sort()) {
    const entries: Record<string, string> = {};
    for (const { path } of textsOf(english[ns])) {
      const key = path.join('.');
      const entry = record[ns]?.[key];
      if (entry !== undefined && textAt(target[ns], path)) entries[key] = entry;
    }
    if (Object.keys(entries).length > 0) tidied[ns] = entries;
  }
  return tidied;
}

/** The record with an entry for every translation that has none: taken as made from the English of now. */
export function recordUnrecorded(
  english: Trees,
  target: Trees,
  record: SourceRecord,
  hash: Hash,
): SourceRecord {
  const next: SourceRecord = structuredClone(record);
  for (const ns of Object.keys(english)) {
    for (const { path, text } of textsOf(english[ns])) {
      const translation = textAt(target[ns], path);
      const key = path.join('.');
      if (!translation || next[ns]?.[key] !== undefined) continue;
      next[ns] = { ...next[ns], [key]: `${hash(text)}/${hash(translation)}` };
    }
  }
  return tidy(next, english, target);
}

export interface ImportResult {
  /** One per refused row (row numbers as a spreadsheet shows them); when any, nothing is to be written. */
  problems: Array<{ row: number; message: string }>;
  /** The locale files whose texts changed, by namespace. */
  changed: Trees;
  record: SourceRecord;
  /** How many texts were written, and how many kept texts were confirmed (`ok` in the status column). */
  written: number;
  confirmed: number;
}

/**
 * Reads a translator's spreadsheet (header `key`, `en`, `<lang>`, optional `status`). A row with an empty
 * translation is skipped. A row's translation is written, and recorded as made from the row's English, when it
 * differs from the file's or its status says `ok` (the translator confirms a text still fits a changed English).
 */
export function importRows(
  records: readonly CsvRecord[],
  lang: Lang,
  english: Trees,
  target: Trees,
  record: SourceRecord,
  hash: Hash,
): ImportResult {
  const problems: ImportResult['problems'] = [];
  const refuse = (row: number, message: string) => problems.push({ row, message });
  const empty = { problems, changed: {}, record, written: 0, confirmed: 0 };
  const [header, ...rows] = records;
  const columns = (header?.cells ?? []).map((c) => c.trim().toLowerCase());
  const [keyAt, enAt, langAt, statusAt] = ['key', 'en', lang, 'status'].map((name) => columns.indexOf(name));
  if (keyAt === -1 || enAt === -1 || langAt === -1) {
    refuse(
      header?.row ?? 1,
      `the first row must name the columns key, en and ${lang} (as export writes them)`,
    );
    return empty;
  }

  const changed: Trees = {};
  const next: SourceRecord = structuredClone(record);
  const seen = new Map<string, number>();
  let written = 0;
  let confirmed = 0;
  for (const { row, cells } of rows) {
    const cell = (at: number | undefined) => (at === undefined || at === -1 ? '' : (cells[at] ?? ''));
    const key = cell(keyAt).trim();
    const translation = cell(langAt);
    if (key === '') {
      if (translation.trim() !== '') refuse(row, 'a translation without a key');
      continue;
    }
    const before = seen.get(key);
    if (before !== undefined) {
      refuse(row, `key ${key} is also in row ${before}`);
      continue;
    }
    seen.set(key, row);
    const at = splitKey(key);
    const source = at && textAt(english[at.ns], at.path);
    if (!at || source === undefined) {
      refuse(row, `unknown key: ${key} (no English text has it)`);
      continue;
    }
    if (translation.trim() === '') continue;
    const want = placeholdersOf(source);
    const got = placeholdersOf(translation);
    if (want.join(' ') !== got.join(' ')) {
      const list = (items: string[]) => (items.length > 0 ? items.join(' ') : 'none');
      refuse(
        row,
        `placeholders must be the English ones: English has ${list(want)}, ${lang} has ${list(got)}`,
      );
      continue;
    }
    const current = textAt(changed[at.ns] ?? target[at.ns], at.path);
    const ok = cell(statusAt).trim().toLowerCase() === 'ok';
    if (translation === current && !ok) continue;
    if (translation !== current) {
      const tree = changed[at.ns] ?? structuredClone(target[at.ns] ?? newFile(english[at.ns]));
      setText(tree, english[at.ns], at.path as Segment[], translation);
      changed[at.ns] = tree;
      written += 1;
    } else confirmed += 1;
    const translatedFrom = cell(enAt) === '' ? source : cell(enAt);
    next[at.ns] = { ...next[at.ns], [at.path.join('.')]: `${hash(translatedFrom)}/${hash(translation)}` };
  }
  if (problems.length > 0) return empty;
  return { problems, changed, record: tidy(next, english, { ...target, ...changed }), written, confirmed };
}

/** A language's first file of a namespace: the English file's `"$schema"` (same depth), no text yet. */
function newFile(original: Record<string, unknown> | undefined): Record<string, unknown> {
  return original && typeof original.$schema === 'string' ? { $schema: original.$schema } : {};
}

/**
 * check:forms warnings: a questionnaire's text that is the same in another language as in English (ADR 124).
 * Texts made only of placeholders, digits and marks are left out: they read the same in every language.
 */
export function sameAsEnglish(resources: Resources): Problem[] {
  const warnings: Problem[] = [];
  for (const lang of LANGS) {
    if (lang === 'en') continue;
    for (const ns of Object.keys(resources.en).sort()) {
      if (!ns.startsWith('questionnaires/')) continue;
      for (const { path, text } of textsOf(resources.en[ns])) {
        if (hasWords(text) && textAt(resources[lang][ns], path) === text)
          warnings.push({
            file: `locales/${lang}/${ns}.json`,
            path: path.join('.'),
            message: 'the same text as in English: translate it (or leave it, if it is the same on purpose)',
          });
      }
    }
  }
  return warnings;
}
