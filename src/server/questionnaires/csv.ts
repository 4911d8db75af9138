/** A spreadsheet reads a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: numbers as they are; text quoted, quotes doubled, and a leading formula character neutralised
 * with an apostrophe so a name like `=HYPERLINK(...)` stays text in Excel and LibreOffice.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Rows to CSV text with CRLF line ends (RFC 4180) and a byte-order mark, so Excel reads Turkish letters. */
export function toCsv(rows: Array<Array<string | number | null | undefined>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
