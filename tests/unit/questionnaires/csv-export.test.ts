import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../../src/server/questionnaires/csv';

describe('CSV export of scores', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTab', `"'\tTab"`],
    ['\rCR', `"'\rCR"`],
  ])('neutralises a text cell starting a formula: %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('quotes text and doubles its quotes; keeps numbers (negative ones too) as numbers', () => {
    expect(csvCell('Ayşe "Işık", 9')).toBe('"Ayşe ""Işık"", 9"');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes CRLF lines after a byte-order mark so spreadsheets read Turkish letters', () => {
    expect(
      toCsv([
        ['Danışan', 3],
        ['=1', null],
      ]),
    ).toBe('\uFEFF"Danışan",3\r\n"\'=1",\r\n');
  });
});
