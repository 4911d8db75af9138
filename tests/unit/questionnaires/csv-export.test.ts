import { describe, expect, it } from 'vitest';
import { localDate, localDateTime } from '../../../src/server/local-time';
import { initialsOf } from '../../../src/server/questionnaires/client-service';
import { csvCell, csvDialect, toCsv } from '../../../src/server/questionnaires/csv';

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

describe('CSV dialect per language (ADR 114)', () => {
  it('writes Turkish with ";" between cells and a decimal comma, English with "," and a point', () => {
    expect(toCsv([['Ad', 12.5, null]], csvDialect('tr'))).toBe('\uFEFF"Ad";12,5;\r\n');
    expect(toCsv([['Name', 12.5, null]], csvDialect('en'))).toBe('\uFEFF"Name",12.5,\r\n');
  });
});

describe('local times (Europe/Istanbul)', () => {
  it('writes the Istanbul wall clock, three hours ahead of UTC all year', () => {
    expect(localDateTime(new Date('2026-11-26T21:30:00Z'))).toBe('2026-11-27 00:30');
    expect(localDateTime(new Date('2026-07-01T08:05:00Z'))).toBe('2026-07-01 11:05');
    expect(localDate(new Date('2026-11-26T21:30:00Z'))).toBe('2026-11-27');
  });
});

describe('client initials for a file name', () => {
  it.each([
    ['Ayşe Yılmaz', 'AY'],
    ['İlkay Şule Yıldız', 'IY'],
    ['ılgın çelik', 'IC'],
    ['Öykü', 'O'],
    ['', 'X'],
  ])('%j -> %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
