import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkGlossary, readGlossary } from '../../../src/forms/check-glossary';
import { ROOT_DIR, readJsonTree } from '../../../src/forms/node';

const glossary = readGlossary(readFileSync(join(ROOT_DIR, 'locales/tr/README.md'), 'utf8'));

describe('check:forms Turkish glossary (locales/tr/README.md)', () => {
  it('reads one rule per concept from the table, with the words it rules out', () => {
    const questionnaire = glossary.find((rule) => rule.concept === 'questionnaire');
    expect(questionnaire).toEqual({ concept: 'questionnaire', use: 'ölçek', avoid: ['anket'] });
    expect(glossary.find((rule) => rule.concept === 'guardian (who answers)')?.avoid).toEqual([
      'ebeveyn veya vasi',
    ]);
  });

  it('names the file, key and word to use for a ruled-out word at the start of a word, in Turkish only', () => {
    const problems = checkGlossary(
      {
        'tr/widgets.json': { scores: { answered: '{{count}} madde cevaplandı' } },
        'tr/questionnaires.json': { respondents: { guardian: 'Ebeveyn veya Vasi' } },
        'tr/intake/medical.json': { illness: { label: 'Sorun ya da hastalık' } },
        'en/widgets.json': { note: 'anket cevap' },
      },
      glossary,
    );
    expect(problems).toEqual([
      {
        file: 'locales/tr/widgets.json',
        path: '$.scores.answered',
        message:
          '"cevap" is not the glossary\'s word for answer, to answer: use "yanıt, yanıtlamak" (locales/tr/README.md)',
      },
      {
        file: 'locales/tr/questionnaires.json',
        path: '$.respondents.guardian',
        message:
          '"ebeveyn veya vasi" is not the glossary\'s word for guardian (who answers): use "veli" (locales/tr/README.md)',
      },
    ]);
  });

  it('does not match inside a word: "yanıtlayıcı" is ruled out, "Sık sorulan sorular" and "Uzmanlık" are not', () => {
    expect(checkGlossary({ 'tr/a.json': { x: 'Sık sorulan sorular, Uzmanlık, panket' } }, glossary)).toEqual(
      [],
    );
    expect(checkGlossary({ 'tr/a.json': { x: 'Yanıtlayıcı bağlantısı' } }, glossary)).toHaveLength(1);
  });

  it('passes on the repository', () => {
    expect(checkGlossary(readJsonTree(join(ROOT_DIR, 'locales')), glossary)).toEqual([]);
  });
});
