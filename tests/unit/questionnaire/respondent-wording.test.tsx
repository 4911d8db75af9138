import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { QuestionnaireForm } from '../../../src/client/forms/questionnaire';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import type { QuestionnaireDefinition, Respondent } from '../../../src/forms/questionnaires';
import { precompiledEngine } from '../../fixtures/forms/precompiled-engine';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const SCHEMAS = `${__dirname}/../../fixtures/informant-wording/schemas`;
const LOCALES = `${__dirname}/../../fixtures/informant-wording/locales`;

let engine: ClientFormEngine;
beforeAll(async () => {
  engine = await precompiledEngine(SCHEMAS, LOCALES);
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const base = loadQuestionnaireCatalog({ schemasDir: SCHEMAS }).get('pupil-worry', 1);
// "Why?" only in the teacher's version
const pupilWorry: QuestionnaireDefinition = {
  ...base,
  scoring: { ...base.scoring, showIf: { items: { reason: { '==': [{ var: '_respondent' }, 'teacher'] } } } },
};

function Harness({ respondent }: { respondent?: Respondent | null }) {
  const [value, setValue] = useState<Record<string, unknown>>({});
  return (
    <QuestionnaireForm questionnaire={pupilWorry} value={value} onChange={setValue} respondent={respondent} />
  );
}

function renderFor(respondent?: Respondent | null) {
  return render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={engine}>
        <Harness respondent={respondent} />
      </FormEngineProvider>
    </I18nextProvider>,
  );
}

const group = (name: string) => screen.queryByRole('group', { name: new RegExp(name) });

describe('QuestionnaireForm drawn for who answers (ADR 126)', () => {
  it("draws the teacher's instructions, wording and items", async () => {
    renderFor('teacher');
    await screen.findByRole('heading', { name: 'Instructions' });
    expect(screen.getByText('Think of this pupil at school over the last month')).toBeInTheDocument();
    expect(group('How often does this pupil worry\\?')).toBeInTheDocument();
    // a key the overlay leaves out keeps the base wording
    expect(group('How calm\\?')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Why\?/ })).toBeInTheDocument();
  });

  it("draws a guardian's wording, without the teacher's item", async () => {
    renderFor('guardian');
    await screen.findByRole('heading', { name: 'Instructions' });
    expect(screen.getByText('Answer each question')).toBeInTheDocument();
    expect(group('How often does your child worry\\?')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Why\?/ })).toBeNull();
  });

  it.each([undefined, null])('draws the base wording when who answers is not known (%s)', async (who) => {
    renderFor(who);
    await screen.findByRole('heading', { name: 'Instructions' });
    expect(group('How often\\?')).toBeInTheDocument();
    expect(group('How often does')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Why\?/ })).toBeNull();
  });

  it('speaks Turkish in the teacher version', async () => {
    await act(() => i18n.changeLanguage('tr'));
    renderFor('teacher');
    expect(await screen.findByText('Bu öğrenciyi son bir ayda okulda düşünün')).toBeInTheDocument();
    expect(group('Bu öğrenci ne sıklıkla endişelenir\\?')).toBeInTheDocument();
  });
});
