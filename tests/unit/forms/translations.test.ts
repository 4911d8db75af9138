// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createResources } from '../../../src/forms/locales';
import { readJsonTree } from '../../../src/forms/node';
import { parseCsv, toCsv } from '../../../src/forms/translations/csv';
import {
  exportRows,
  exportTable,
  importRows,
  recordUnrecorded,
  type SourceRecord,
  sameAsEnglish,
  type Trees,
  treesOf,
} from '../../../src/forms/translations/workflow';

const ROOT = join(__dirname, '../../..');
const FIXTURES = join(__dirname, '../../fixtures/questionnaires/files');
const NS = 'questionnaires/mini';
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);
// biome-ignore lint/suspicious/noExplicitAny: fixtures are edited freely
const fixture = () => structuredClone(readJsonTree(`${FIXTURES}/locales`)) as Record<string, any>;
const trees = (files = fixture()) => ({ en: treesOf(files, 'en'), tr: treesOf(files, 'tr') });
const rowOf = (rows: ReturnType<typeof exportRows>, key: string) => rows.find((r) => r.key === key);

/** A spreadsheet as a translator saves it: header then rows, through the CSV writer and reader. */
const sheet = (rows: string[][]) => parseCsv(toCsv([['key', 'en', 'tr', 'status'], ...rows]));

function imported(rows: string[][], en: Trees, tr: Trees, record: SourceRecord = {}) {
  return importRows(sheet(rows), 'tr', en, tr, record, hash);
}

describe('translations export', () => {
  it('lists every English text with its Turkish text and status, keyed by namespace and path', () => {
    const files = fixture();
    delete files['tr/questionnaires/mini.json'].reason.label;
    files['tr/questionnaires/mini.json']._scales.total.bands.low = 'Low';
    const { en, tr } = trees(files);
    const rows = exportRows(en, tr, {}, hash);
    expect(rowOf(rows, `${NS}:often.label`)).toEqual({
      key: `${NS}:often.label`,
      english: 'How often?',
      translation: files['tr/questionnaires/mini.json'].often.label,
      status: 'ok',
    });
    expect(rowOf(rows, `${NS}:reason.label`)?.status).toBe('missing');
    expect(rowOf(rows, `${NS}:_scales.total.bands.low`)?.status).toBe('same-as-english');
    expect(rows.map((r) => r.key)).not.toContain(`${NS}:$schema`);
  });

  it('says changed-in-english when the English changed after the Turkish was recorded, not when both changed', () => {
    const files = fixture();
    const before = trees(files);
    const record = recordUnrecorded(before.en, before.tr, {}, hash);
    files['en/questionnaires/mini.json'].often.label = 'How often, lately?';
    files['en/questionnaires/mini.json'].calm.label = 'How calm, lately?';
    files['tr/questionnaires/mini.json'].calm.label = 'Son zamanlarda ne kadar sakin?';
    const { en, tr } = trees(files);
    const rows = exportRows(en, tr, record, hash);
    expect(rowOf(rows, `${NS}:often.label`)?.status).toBe('changed-in-english');
    expect(rowOf(rows, `${NS}:calm.label`)?.status).toBe('ok');
    expect(rowOf(rows, `${NS}:reason.label`)?.status).toBe('ok');
  });

  it('writes a CSV Excel opens as UTF-8: a byte-order mark, quoted fields, CRLF lines, read back the same', () => {
    const table = exportTable(
      [{ key: 'ns:a', english: 'One, "two"\nthree', translation: 'Bir; “iki” ğüşıöç', status: 'ok' }],
      'tr',
    );
    const csv = toCsv(table);
    expect(csv.startsWith('\uFEFF"key","en","tr","status"\r\n')).toBe(true);
    expect(parseCsv(csv).map((r) => r.cells)).toEqual(table);
    expect(parseCsv(csv).map((r) => r.row)).toEqual([1, 2]);
  });

  it('reads a CSV saved by Excel in a Turkish locale (semicolons, no quotes where none are needed)', () => {
    expect(parseCsv('key;en;tr;status\r\nns:a;Hello, you;Merhaba;ok\r\n').map((r) => r.cells)).toEqual([
      ['key', 'en', 'tr', 'status'],
      ['ns:a', 'Hello, you', 'Merhaba', 'ok'],
    ]);
  });
});

describe('translations import', () => {
  it('writes a changed text, adds a missing one in the English order, keeps "$schema", and records both', () => {
    const files = fixture();
    files['tr/questionnaires/mini.json'] = { $schema: '../x.json', ...files['tr/questionnaires/mini.json'] };
    delete files['tr/questionnaires/mini.json']._licence;
    const { en, tr } = trees(files);
    const result = imported(
      [
        [`${NS}:often.label`, 'How often?', 'Ne kadar sık?', 'ok'],
        [`${NS}:_licence.notice`, 'Test fixture', 'Test verisi', 'missing'],
        [`${NS}:calm.label`, 'How calm?', '', 'missing'],
      ],
      en,
      tr,
    );
    expect(result.problems).toEqual([]);
    expect(result.written).toBe(2);
    const written = result.changed[NS]!;
    expect(Object.keys(written).slice(0, 3)).toEqual(['$schema', '_form', '_licence']);
    expect(written).toMatchObject({ often: { label: 'Ne kadar sık?' }, _licence: { notice: 'Test verisi' } });
    expect((written.calm as { label: string }).label).toBe(files['tr/questionnaires/mini.json'].calm.label);
    expect(result.record[NS]).toMatchObject({
      'often.label': `${hash('How often?')}/${hash('Ne kadar sık?')}`,
      '_licence.notice': `${hash('Test fixture')}/${hash('Test verisi')}`,
    });
  });

  it('confirms a Turkish text kept for a changed English when its status is set to ok', () => {
    const files = fixture();
    const before = trees(files);
    const record = recordUnrecorded(before.en, before.tr, {}, hash);
    files['en/questionnaires/mini.json'].often.label = 'How often, lately?';
    const { en, tr } = trees(files);
    const kept = tr[NS]!.often as { label: string };
    const untouched = imported(
      [[`${NS}:often.label`, 'How often, lately?', kept.label, 'changed-in-english']],
      en,
      tr,
      record,
    );
    expect(
      exportRows(en, tr, untouched.record, hash).find((r) => r.key === `${NS}:often.label`)?.status,
    ).toBe('changed-in-english');
    const confirmed = imported(
      [[`${NS}:often.label`, 'How often, lately?', kept.label, 'ok']],
      en,
      tr,
      record,
    );
    expect(confirmed).toMatchObject({ problems: [], written: 0, confirmed: 1, changed: {} });
    expect(
      exportRows(en, tr, confirmed.record, hash).find((r) => r.key === `${NS}:often.label`)?.status,
    ).toBe('ok');
  });

  it.each([
    [
      'an unknown key',
      [`${NS}:often.lable`, 'How often?', 'Ne kadar sık?', 'ok'],
      `unknown key: ${NS}:often.lable (no English text has it)`,
    ],
    [
      'a broken placeholder',
      ['common:validation.minLength', 'x', 'En az {{limt}} karakter', 'ok'],
      'placeholders must be the English ones: English has {{limit}}, tr has {{limt}}',
    ],
  ])('refuses %s with its row number, and writes nothing', (_, bad, message) => {
    const files = fixture();
    files['en/common.json'] = { validation: { minLength: 'At least {{limit}} characters' } };
    files['tr/common.json'] = { validation: { minLength: 'En az {{limit}} karakter' } };
    const { en, tr } = trees(files);
    const result = imported([[`${NS}:reason.label`, 'Why?', 'Neden ki?', 'ok'], bad!], en, tr);
    expect(result.problems).toEqual([{ row: 3, message }]);
    expect(result.changed).toEqual({});
    expect(result.written).toBe(0);
  });

  it('refuses a key given twice and a file without the expected columns', () => {
    const { en, tr } = trees();
    const twice = imported(
      [
        [`${NS}:reason.label`, 'Why?', 'Neden?', ''],
        [`${NS}:reason.label`, 'Why?', 'Niçin?', ''],
      ],
      en,
      tr,
    );
    expect(twice.problems).toEqual([{ row: 3, message: `key ${NS}:reason.label is also in row 2` }]);
    const headless = importRows(parseCsv('a,b\r\nc,d\r\n'), 'tr', en, tr, {}, hash);
    expect(headless.problems).toEqual([
      { row: 1, message: 'the first row must name the columns key, en and tr (as export writes them)' },
    ]);
  });
});

describe('check:forms warnings for texts the same as in English', () => {
  it('names a questionnaire text left in English, not placeholders alone nor the interface texts', () => {
    const files = fixture();
    files['tr/questionnaires/mini.json'].reason.label = 'Why?';
    files['en/questionnaires/mini.json'].reason.help = '{{count}} / 10';
    files['tr/questionnaires/mini.json'].reason.help = '{{count}} / 10';
    files['en/common.json'] = { language: { tr: 'Türkçe' } };
    files['tr/common.json'] = { language: { tr: 'Türkçe' } };
    const warnings = sameAsEnglish(createResources(files));
    expect(warnings).toContainEqual({
      file: `locales/tr/${NS}.json`,
      path: 'reason.label',
      message: 'the same text as in English: translate it (or leave it, if it is the same on purpose)',
    });
    expect(warnings.map((w) => `${w.file} ${w.path}`)).toEqual([
      `locales/tr/${NS}.json _form.title`, // "Mini" in both: a warning the author may leave
      `locales/tr/${NS}.json reason.label`,
    ]);
  });
});

describe('npm run translations and check:forms', { timeout: 120_000 }, () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const run = (script: string, args: string[]) =>
    spawnSync('npx', ['tsx', `scripts/${script}`, ...args], { cwd: ROOT, encoding: 'utf8' });

  it('exports, imports (formatting files as they are) and refuses a broken file with its rows', () => {
    dir = mkdtempSync(join(tmpdir(), 'translations-'));
    const locales = join(dir, 'locales');
    cpSync(join(FIXTURES, 'locales'), locales, { recursive: true });
    const sources = join(dir, 'tr.sources.json');
    const csv = join(dir, 'tr.csv');
    const options = ['--locales', locales, '--sources', sources];
    const exported = run('translations.ts', ['export', 'tr', '--out', csv, ...options]);
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(
      /wrote \d+ texts to .*tr\.csv \(0 missing, 0 changed-in-english, \d+ same-as-english, \d+ ok\)/,
    );
    const file = join(locales, 'tr', `${NS}.json`);
    const before = readFileSync(file, 'utf8');

    writeFileSync(
      csv,
      readFileSync(csv, 'utf8').replace(
        /("questionnaires\/mini:reason\.label","Why\?",")[^"]*"/,
        '$1Neden acaba?"',
      ),
    );
    const ok = run('translations.ts', ['import', 'tr', csv, ...options]);
    expect(ok.status, ok.stderr).toBe(0);
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(before.replace(/("reason": \{\n\s+"label": ")[^"]*"/, '$1Neden acaba?"'));
    expect(JSON.parse(readFileSync(sources, 'utf8'))[NS]['reason.label']).toBe(
      `${hash('Why?')}/${hash('Neden acaba?')}`,
    );

    writeFileSync(
      csv,
      toCsv([
        ['key', 'en', 'tr'],
        [`${NS}:reason.label`, 'Why?', 'Neden {{x}}?'],
        ['nope:a', '', 'b'],
      ]),
    );
    const refused = run('translations.ts', ['import', 'tr', csv, ...options]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `row 2: placeholders must be the English ones: English has none, tr has {{x}}`,
    );
    expect(refused.stderr).toContain('row 3: unknown key: nope:a (no English text has it)');
    expect(refused.stderr).toContain('nothing was written');
    expect(readFileSync(file, 'utf8')).toBe(after);
  });

  it('check:forms prints and counts Turkish texts the same as English, and still passes', () => {
    dir = mkdtempSync(join(tmpdir(), 'same-as-english-'));
    cpSync(FIXTURES, dir, { recursive: true });
    const file = join(dir, 'locales/tr', `${NS}.json`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/("reason": \{\n\s+"label": ")[^"]*"/, '$1Why?"'));
    // --publish: the fixture has no scoring lock of its own
    const checked = run('check-forms.ts', ['--publish', join(dir, 'schemas'), join(dir, 'locales')]);
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stderr).toContain(
      `warning: locales/tr/${NS}.json: reason.label: the same text as in English`,
    );
    expect(checked.stdout).toContain('2 warning(s): texts the same as in English');
  });
});
