import type { Lang } from '../../forms/types';

/** A spreadsheet reads a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * How a spreadsheet in the language's locale opens a CSV by double-click (ADR 114): Excel set to Turkish takes
 * `;` between cells and a decimal comma, Excel set to English `,` and a decimal point.
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const csvDialect = (lang: Lang): CsvDialect =>
  lang === 'tr' ? { separator: ';', decimal: ',' } : { separator: ',', decimal: '.' };

const ENGLISH: CsvDialect = csvDialect('en');

/**
 * One CSV cell: numbers as they are (with the dialect's decimal mark); text quoted, quotes doubled, and a leading
 * formula character neutralised with an apostrophe so a name like `=HYPERLINK(...)` stays text in Excel and
 * LibreOffice.
 */
export function csvCell(value: string | number | null | undefined, dialect: CsvDialect = ENGLISH): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value).replace('.', dialect.decimal) : '';
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Rows to CSV text with CRLF line ends (RFC 4180) and a byte-order mark, so Excel reads Turkish letters. */
export function toCsv(
  rows: Array<Array<string | number | null | undefined>>,
  dialect: CsvDialect = ENGLISH,
): string {
  const lines = rows.map((row) => row.map((cell) => csvCell(cell, dialect)).join(dialect.separator));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
