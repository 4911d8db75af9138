import type { Lang } from '../../forms/types';
import type { CategoryContext, CategoryExport, DataCategory } from './data-category';
import type { ZipEntry } from './zip-writer';

type Translate = (key: string, params?: Record<string, unknown>) => string;

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
  const header = table.columns.map((c) => csvField(t(`archive.columns.${c}`)));
  return [header, ...table.rows.map((row) => row.map(csvField))].map((r) => r.join(',')).join('\r\n');
}

function summaryHtml(
  parts: Array<{ category: DataCategory; exported: CategoryExport }>,
  lang: Lang,
  t: Translate,
  at: Date,
): string {
  const when = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Istanbul',
  }).format(at);
  const sections = parts.map(({ category, exported }) => {
    const { columns, rows } = exported.table;
    const head = columns.map((c) => `<th>${escapeHtml(t(`archive.columns.${c}`))}</th>`).join('');
    const body = rows
      .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
      .join('\n');
    return [
      `<h2>${escapeHtml(t(`archive.categories.${category.name}`))}</h2>`,
      `<p>${escapeHtml(t('archive.count', { count: rows.length }))} · data/${category.name}.json · summary/${category.name}.csv</p>`,
      rows.length === 0
        ? `<p>${escapeHtml(t('archive.empty'))}</p>`
        : `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`,
    ].join('\n');
  });
  return [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(t('archive.title'))}</title>`,
    '<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;line-height:1.5}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}</style>',
    '</head><body>',
    `<h1>${escapeHtml(t('archive.title'))}</h1>`,
    `<p>${escapeHtml(t('archive.intro', { date: when }))}</p>`,
    ...sections,
    '</body></html>',
  ].join('\n');
}

/**
 * Everything the product holds about a practitioner and their clients, category by category (ADR 091): each
 * category's JSON under data/, its table as CSV under summary/, its files under files/, and summary.html in the
 * practitioner's language. Only the categories' plain values go in: no ciphertext, hashes or keys.
 */
export async function buildAccountArchive(
  ctx: CategoryContext,
  categories: readonly DataCategory[],
  practitionerId: string,
  lang: Lang,
  t: Translate,
  at = new Date(),
): Promise<ZipEntry[]> {
  const parts: Array<{ category: DataCategory; exported: CategoryExport }> = [];
  for (const category of categories) {
    parts.push({ category, exported: await category.export(ctx, practitionerId) });
  }
  const entries: ZipEntry[] = [{ path: 'summary.html', data: summaryHtml(parts, lang, t, at) }];
  for (const { category, exported } of parts) {
    entries.push({ path: `data/${category.name}.json`, data: JSON.stringify(exported.data, null, 2) });
    entries.push({ path: `summary/${category.name}.csv`, data: `\ufeff${toCsv(exported.table, t)}` });
    for (const file of exported.files ?? []) entries.push(file);
  }
  return entries;
}
