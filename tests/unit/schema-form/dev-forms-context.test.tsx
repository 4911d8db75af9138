import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ContextPicker } from '../../../src/client/features/dev-forms/context-picker';
import { QuestionnairePreview } from '../../../src/client/features/dev-forms/questionnaire-preview';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import { NO_CONTEXT, type ScoringContext } from '../../../src/forms/questionnaires';
import { precompiledEngine } from '../../fixtures/forms/precompiled-engine';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const SCHEMAS = `${__dirname}/../../fixtures/informant-wording/schemas`;
const LOCALES = `${__dirname}/../../fixtures/informant-wording/locales`;
const pupilWorry = loadQuestionnaireCatalog({ schemasDir: SCHEMAS }).get('pupil-worry', 1);

let engine: ClientFormEngine;
beforeAll(async () => {
  engine = await precompiledEngine(SCHEMAS, LOCALES);
});

/** The preview's context picker over one questionnaire's preview, as /dev/forms puts them together. */
function Preview({ onContext }: { onContext: (context: ScoringContext) => void }) {
  const [context, setContext] = useState<ScoringContext>(NO_CONTEXT);
  const [data, setData] = useState<Record<string, unknown>>({});
  return (
    <>
      <ContextPicker
        questionnaire={pupilWorry}
        value={context}
        onChange={(next) => {
          setContext(next);
          onContext(next);
        }}
      />
      <QuestionnairePreview
        questionnaire={pupilWorry}
        data={data}
        onChange={setData}
        idPrefix="preview"
        context={context}
      />
    </>
  );
}

describe('/dev/forms: informant, age and sex of a questionnaire preview (ADR 126)', () => {
  it("draws the chosen informant's wording and scores with the chosen age and sex", async () => {
    const user = userEvent.setup();
    const onContext = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <FormEngineProvider engine={engine}>
          <Preview onContext={onContext} />
        </FormEngineProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('group', { name: /How often\?/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'teacher' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'self' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Informant' }), 'teacher');
    expect(
      await screen.findByRole('group', { name: /How often does this pupil worry\?/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Answered by: Teacher')).toBeInTheDocument();

    await user.type(screen.getByRole('spinbutton', { name: 'Age (years)' }), '7');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sex' }), 'female');
    expect(onContext).toHaveBeenLastCalledWith({ respondent: 'teacher', age: 7, sex: 'female' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Informant' }), '');
    expect(await screen.findByRole('group', { name: /How often\?/ })).toBeInTheDocument();
    expect(screen.queryByText(/Answered by/)).toBeNull();
  });
});
