import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import DevFormsPage from '../../../src/client/features/dev-forms';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';
import { shippedQuestionnaires } from '../../fixtures/questionnaires/shipped';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let engine: ClientFormEngine;
beforeAll(async () => {
  ({ engine } = await shippedQuestionnaires());
});

function renderPage(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <I18nextProvider i18n={i18n}>
        <FormEngineProvider engine={engine}>
          <DevFormsPage />
        </FormEngineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('/dev/forms preview of a questionnaire', () => {
  it('applies show-if and shows live scores and bands in both languages as the author answers', async () => {
    const user = userEvent.setup();
    renderPage('/dev/forms?form=questionnaires/home-routines&v=1');
    const english = screen.getByRole('region', { name: 'English' });
    const turkish = screen.getByRole('region', { name: 'Türkçe' });
    expect(await within(english).findByText(/Think of the last month/)).toBeInTheDocument();
    expect(await within(turkish).findByText(/Son bir ayı düşünün/)).toBeInTheDocument();
    expect(within(english).getByRole('complementary', { name: 'Licence' })).toBeInTheDocument();
    expect(within(turkish).getByRole('complementary', { name: 'Lisans' })).toBeInTheDocument();

    const follow = /How much has this change/;
    expect(within(english).queryByRole('group', { name: follow })).toBeNull();
    const change = within(english).getByRole('group', { name: /big change at home/ });
    await user.click(within(change).getByRole('radio', { name: 'Yes' }));
    expect(await within(english).findByRole('group', { name: follow })).toBeInTheDocument();
    expect(within(turkish).getByRole('group', { name: /Bu değişiklik/ })).toBeInTheDocument();

    const englishSleep = () => within(english).getByRole('row', { name: /^Sleep and bedtime/ });
    expect(englishSleep()).toHaveTextContent('Not scored');
    for (const item of [/Bedtime turns/, /Falls asleep soon/, /Wakes in the night/]) {
      const group = within(english).getByRole('group', { name: item });
      await user.click(within(group).getByRole('radio', { name: 'A little' }));
    }
    // 1 + (3 - 1) + 1 over 3 answered = 1.33: some strain
    await vi.waitFor(() => expect(englishSleep()).toHaveTextContent('1.33'));
    expect(englishSleep()).toHaveTextContent('Some strain');
    const turkishSleep = within(turkish).getByRole('row', { name: /^Uyku ve yatma saati/ });
    expect(turkishSleep).toHaveTextContent('1,33');
    expect(turkishSleep).toHaveTextContent('Biraz zorlanma');
  });
});
