import type { Lang } from '../../forms/types';
import { createIntakeStore } from '../intake/store';
import { readableDateTime } from '../local-time';
import type { CategoryContext, CategoryExport, DataCategory, Say } from './data-category';
import type { ZipEntry } from './zip-writer';

/** A key in a locale namespace, in the archive's language. */
type Translate = (ns: string, key: string, params?: Record<string, unknown>) => string;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** RFC 4180 fields; a leading =, +, - or @ is quoted with an apostrophe so spreadsheets do not run it. */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(table: CategoryExport['table'], t: Translate): string {
  const header = table.columns.map((c) => csvField(t('privacy', `archive.columns.${c}`)));
  return [header, ...table.rows.map((row) => row.map(csvField))].map((r) => r.join(',')).join('\r\n');
}

/** Each client's responses as a FHIR R4 Bundle, written as `fhir/<client id>.json` (ADR 131). */
export type FhirBundles = Array<{ clientId: string; bundle: unknown }>;

function summaryHtml(
  parts: Array<{ category: DataCategory; exported: CategoryExport }>,
  lang: Lang,
  t: Translate,
  at: Date,
  fhirCount: number,
): string {
  const p = (key: string, params?: Record<string, unknown>) => t('privacy', key, params);
  // the server's translator has no plural forms: the language's rule picks count_one or count_other
  const plural = new Intl.PluralRules(lang === 'tr' ? 'tr-TR' : 'en-GB');
  const sections = parts.map(({ category, exported }) => {
    const { columns, rows } = exported.table;
    const count = p(`archive.count_${plural.select(rows.length)}`, { count: rows.length });
    const head = columns.map((c) => `<th>${escapeHtml(p(`archive.columns.${c}`))}</th>`).join('');
    const body = rows
      .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
      .join('\n');
    return [
      `<h2>${escapeHtml(p(`archive.categories.${category.name}`))}</h2>`,
      `<p>${escapeHtml(count)} · data/${category.name}.json · summary/${category.name}.csv</p>`,
      rows.length === 0
        ? `<p>${escapeHtml(p('archive.empty'))}</p>`
        : `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`,
    ].join('\n');
  });
  return [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(p('archive.title'))}</title>`,
    '<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;line-height:1.5}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}</style>',
    '</head><body>',
    `<h1>${escapeHtml(p('archive.title'))}</h1>`,
    `<p>${escapeHtml(p('archive.intro', { date: readableDateTime(at, lang) }))}</p>`,
    ...sections,
    `<h2>${escapeHtml(p('archive.fhir.title'))}</h2>`,
    `<p>${escapeHtml(p('archive.fhir.text', { count: fhirCount }))}</p>`,
    '</body></html>',
  ].join('\n');
}

/** The summary's way of saying things in `lang`: Istanbul times, the product's words, clients by name. */
async function sayIn(ctx: CategoryContext, practitionerId: string, lang: Lang, t: Translate): Promise<Say> {
  const names = await createIntakeStore(ctx.db, ctx.keys.encryption).clientNames(practitionerId);
  return {
    time: (at) => (at ? readableDateTime(new Date(at), lang) : ''),
    word: (ns, key) => t(ns, key),
    client: (id) => (id ? names.get(id) || t('privacy', 'archive.unnamedClient') : ''),
  };
}

/**
 * Everything the product holds about a practitioner and their clients, category by category (ADR 091): each
 * category's JSON under data/ (plain values: ISO times in UTC, codes), its table as CSV under summary/ and
 * summary.html, both as a person reads them in the practitioner's language (ADR 114), its files under files/; each
 * client's FHIR bundle under fhir/ (ADR 131).
 * Only the categories' plain values go in: no ciphertext, hashes or keys.
 */
export async function buildAccountArchive(
  ctx: CategoryContext,
  categories: readonly DataCategory[],
  practitionerId: string,
  lang: Lang,
  t: Translate,
  at = new Date(),
  fhir: FhirBundles = [],
): Promise<ZipEntry[]> {
  const say = await sayIn(ctx, practitionerId, lang, t);
  const parts: Array<{ category: DataCategory; exported: CategoryExport }> = [];
  for (const category of categories) {
    parts.push({ category, exported: await category.export({ ...ctx, say }, practitionerId) });
  }
  const entries: ZipEntry[] = [{ path: 'summary.html', data: summaryHtml(parts, lang, t, at, fhir.length) }];
  for (const { category, exported } of parts) {
    entries.push({ path: `data/${category.name}.json`, data: JSON.stringify(exported.data, null, 2) });
    entries.push({ path: `summary/${category.name}.csv`, data: `\ufeff${toCsv(exported.table, t)}` });
    for (const file of exported.files ?? []) entries.push(file);
  }
  for (const { clientId, bundle } of fhir)
    entries.push({ path: `fhir/${clientId}.json`, data: JSON.stringify(bundle) });
  return entries;
}
