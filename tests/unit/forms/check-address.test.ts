import { describe, expect, it } from 'vitest';
import { checkAddress, wrongAddress } from '../../../src/forms/check-address';
import { ROOT_DIR, readJsonTree } from '../../../src/forms/node';

const META = (respondents: string[]) => ({ respondents });

describe('check:forms Turkish form of address (locales/tr/README.md)', () => {
  it('tells "siz" from "sen" by their pronouns and endings', () => {
    expect(wrongAddress('Yanıtlarınız kaydedildi.', 'sen')).toBe('yanıtlarınız');
    expect(wrongAddress('Size bir kod verdi.', 'sen')).toBe('size');
    expect(wrongAddress('Yanıtların kaydedildi.', 'sen')).toBeUndefined();
    expect(wrongAddress('Tek başına değilsin.', 'siz')).toBe('değilsin');
    expect(wrongAddress('Sana nasıl geliyorsa', 'siz')).toBe('sana');
    expect(wrongAddress('Bağlantınızı kontrol edin.', 'siz')).toBeUndefined();
    // a word that merely contains the letters is not a marker
    expect(wrongAddress('Deniz kenarında senaryo yazdı.', 'siz')).toBeUndefined();
  });

  it('holds each respondent of a questionnaire to their form, overlays and respondent-only items included', () => {
    const problems = checkAddress(
      {
        'questionnaires/q/questionnaire.json': META(['guardian', 'self']),
        'questionnaires/q/v1.scoring.v1.json': {
          showIf: { items: { g9: { '==': [{ var: '_respondent' }, 'guardian'] } } },
        },
      },
      {
        'tr/questionnaires/q.json': {
          _form: { instructions: 'Her cümleyi oku; sana uyanı seç.' },
          // the guardian's only: never read by the young person
          g9: { label: 'Çocuğunuz okula gidiyor mu?' },
          a1: { label: 'Yanıtlarınızı gözden geçirin.' },
          b1: { label: 'Tek başına değilsin.' },
          // the practitioner's words are not the respondent's
          _flags: { risk: 'Çocuğunuzun güvenliğini sorun.' },
          _respondents: { guardian: { _form: { instructions: 'Her cümleyi okuyun; size uyanı seçin.' } } },
        },
        'tr/respond.json': {
          status: { saved: 'Yanıtlarınız kaydedildi.' },
          _respondents: { self: { status: { saved: 'Yanıtlarınız kaydedildi.' } } },
        },
        'tr/common.json': { hint: 'Şifreni unuttun mu? Sana yardım edelim.' },
        'en/common.json': { hint: 'sen sana' },
      },
    );
    const rule = (word: string, reader: string, wrong: string, right: string) =>
      `"${word}" addresses ${reader} as "${wrong}": use "${right}" (locales/tr/README.md)`;
    expect(problems).toEqual([
      {
        file: 'locales/tr/questionnaires/q.json',
        path: '$.b1.label',
        message: rule('değilsin', 'the guardian respondent', 'sen', 'siz'),
      },
      {
        file: 'locales/tr/questionnaires/q.json',
        path: '$.a1.label',
        message: rule('yanıtlarınızı', 'the self respondent', 'siz', 'sen'),
      },
      {
        file: 'locales/tr/respond.json',
        path: '$._respondents.self.status.saved',
        message: rule('yanıtlarınız', 'the self respondent', 'siz', 'sen'),
      },
      {
        file: 'locales/tr/common.json',
        path: '$.hint',
        message: rule('sana', 'an adult reader', 'sen', 'siz'),
      },
    ]);
  });

  it('finds nothing in the shipped schemas and locales', () => {
    const schemas = readJsonTree(`${ROOT_DIR}/schemas`);
    const locales = readJsonTree(`${ROOT_DIR}/locales`);
    expect(checkAddress(schemas, locales)).toEqual([]);
  });
});
