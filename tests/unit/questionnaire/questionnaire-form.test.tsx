import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { QuestionnaireForm } from '../../../src/client/forms/questionnaire';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import { questionnaireEngine } from '../../fixtures/questionnaires/engine';
import { QUESTIONNAIRE_SCHEMAS } from '../../fixtures/questionnaires/files';

const engine = questionnaireEngine();

const mini = loadQuestionnaireCatalog({ schemasDir: QUESTIONNAIRE_SCHEMAS }).get('mini', 2);

function Harness({
  onChange,
  readOnly,
}: {
  onChange: (a: Record<string, unknown>) => void;
  readOnly?: boolean;
}) {
  const [value, setValue] = useState<Record<string, unknown>>({});
  return (
    <QuestionnaireForm
      questionnaire={mini}
      value={value}
      readOnly={readOnly}
      onChange={(answers) => {
        setValue(answers);
        onChange(answers);
      }}
    />
  );
}

function renderHarness(props: Parameters<typeof Harness>[0]) {
  return render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={engine()}>
        <Harness {...props} />
      </FormEngineProvider>
    </I18nextProvider>,
  );
}

const group = (name: string) => screen.getByRole('group', { name: new RegExp(name) });

describe('QuestionnaireForm', () => {
  it('shows the instructions, the items and the licence notice', async () => {
    renderHarness({ onChange: () => undefined });
    expect(await screen.findByRole('heading', { name: 'Instructions' })).toBeInTheDocument();
    expect(screen.getByText('Answer each question')).toBeInTheDocument();
    expect(group('How often\\?')).toBeInTheDocument();
    const licence = screen.getByRole('complementary', { name: 'Licence' });
    expect(licence).toHaveTextContent('Test fixture');
    expect(licence).toHaveTextContent('Example questionnaire');
    expect(licence).toHaveTextContent('Licence holder: Test fixtures');
    // no Submit button of RJSF's own: the screen brings its buttons
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('shows a follow-up item only while its show-if holds, and drops its answer when it hides', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderHarness({ onChange });
    await screen.findByRole('heading', { name: 'Instructions' });
    expect(screen.queryByRole('textbox', { name: /Why\?/ })).toBeNull();

    await user.click(within(group('How often\\?')).getByRole('radio', { name: 'Often' }));
    const why = await screen.findByRole('textbox', { name: /Why\?/ });
    await user.type(why, 'busy');
    await user.tab();
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ often: 2, reason: 'busy' }));

    await user.click(within(group('How often\\?')).getByRole('radio', { name: 'Never' }));
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ often: 0 }));
    expect(screen.queryByRole('textbox', { name: /Why\?/ })).toBeNull();
  });

  it('draws the items in Turkish with the Turkish instructions and notice', async () => {
    await act(() => i18n.changeLanguage('tr'));
    renderHarness({ onChange: () => undefined });
    expect(await screen.findByRole('heading', { name: 'Yönerge' })).toBeInTheDocument();
    expect(screen.getByText('Her soruyu cevaplayın')).toBeInTheDocument();
    expect(within(group('Ne sıklıkla\\?')).getByRole('radio', { name: 'Sık sık' })).toBeInTheDocument();
    const licence = screen.getByRole('complementary', { name: 'Lisans' });
    expect(licence).toHaveTextContent('Örnek ölçek');
    // no holder in the questionnaire's own words: the metadata's name
    expect(licence).toHaveTextContent('Lisans sahibi: Test fixtures');
    await act(() => i18n.changeLanguage('en'));
  });

  it('lets nothing be changed when read-only', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderHarness({ onChange, readOnly: true });
    await screen.findByRole('heading', { name: 'Instructions' });
    const often = within(group('How often\\?')).getByRole('radio', { name: 'Often' });
    expect(often).toBeDisabled();
    await user.click(often);
    expect(onChange).not.toHaveBeenCalled();
  });
});
