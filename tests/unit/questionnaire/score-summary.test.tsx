import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { ScoreSummary } from '../../../src/client/forms/questionnaire';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import { scoreAnswers } from '../../../src/forms/questionnaires';
import { questionnaireEngine } from '../../fixtures/questionnaires/engine';
import { QUESTIONNAIRE_SCHEMAS } from '../../fixtures/questionnaires/files';

const engine = questionnaireEngine();

const catalog = loadQuestionnaireCatalog({ schemasDir: QUESTIONNAIRE_SCHEMAS });

function renderSummary(answers: Record<string, unknown>, version = 2) {
  const mini = catalog.get('mini', version);
  return render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={engine()}>
        <ScoreSummary questionnaire={mini} result={scoreAnswers(mini, answers)} />
      </FormEngineProvider>
    </I18nextProvider>,
  );
}

describe('ScoreSummary', () => {
  it('shows each scale with its score, range, band label and severity in words', async () => {
    renderSummary({ often: 2, calm: 1 });
    const row = await screen.findByRole('row', { name: /Total/ });
    expect(row).toHaveTextContent('Possible scores 0 to 6');
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('4');
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('2 of 2 answered');
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('High');
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Moderate');
  });

  it('says "Not scored" and why when too few items are answered, never 0', async () => {
    renderSummary({ often: 1 });
    const row = await screen.findByRole('row', { name: /Total/ });
    expect(row).toHaveTextContent('Not scored');
    expect(row).toHaveTextContent('1 of 2 answered; at least 2 needed');
    expect(row).toHaveTextContent('No band');
  });

  it('puts critical answers first, under "Needs attention", with the item', async () => {
    renderSummary({ often: 3, calm: 3 });
    const heading = await screen.findByRole('heading', { name: 'Needs attention' });
    const box = heading.parentElement!;
    expect(box).toHaveTextContent('Always');
    expect(box).toHaveTextContent('Item: How often?');
    expect(
      heading.compareDocumentPosition(screen.getByRole('table')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows no attention box without flags', async () => {
    renderSummary({ often: 1, calm: 1 });
    await screen.findByRole('table');
    expect(screen.queryByRole('heading', { name: 'Needs attention' })).toBeNull();
  });

  it('speaks Turkish with a decimal comma', async () => {
    await act(() => i18n.changeLanguage('tr'));
    const mini = catalog.get('mini', 2);
    const result = scoreAnswers(mini, { often: 1, calm: 1 });
    const scale = { ...result.scales[0]!, score: 1.67 };
    render(
      <I18nextProvider i18n={i18n}>
        <FormEngineProvider engine={engine()}>
          <ScoreSummary questionnaire={mini} result={{ ...result, scales: [scale] }} />
        </FormEngineProvider>
      </I18nextProvider>,
    );
    const row = await screen.findByRole('row', { name: /Toplam/ });
    expect(row).toHaveTextContent('1,67');
    expect(row).toHaveTextContent('Olası puanlar: 0 ile 6 arası');
    expect(screen.getByRole('heading', { name: 'Puanlar' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });
});
