/**
 * The spreadsheet a translator works in (ADR 124): CSV as RFC 4180 says, UTF-8 with a byte-order mark so Excel
 * reads Turkish letters, every field quoted, CRLF lines. Reading takes `,`, `;` (what Excel saves in a Turkish
 * locale) or a tab, whichever the header row uses.
 */

const BOM = '\uFEFF';

const field = (value: string) => `"${value.replaceAll('"', '""')}"`;

export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${BOM}${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** A record of the file and its row number as a spreadsheet shows it (the header is row 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/** The delimiter of the header row: the first of `,` `;` tab outside quotes. */
function delimiterOf(text: string): string {
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) return char;
    else if (!quoted && (char === '\n' || char === '\r')) break;
  }
  return ',';
}

/** Every record of a CSV text, quoted fields holding delimiters, quotes and line breaks; blank lines skipped. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const delimiter = delimiterOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let row = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ row, cells });
    row += 1;
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
