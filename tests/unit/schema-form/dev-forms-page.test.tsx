import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import DevFormsPage from '../../../src/client/features/dev-forms';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';
import { precompiledFixtureEngine } from '../../fixtures/forms/precompiled-engine';
import { typingPause } from '../widgets/typing-pause';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let engine: ClientFormEngine;
beforeAll(async () => {
  engine = await precompiledFixtureEngine();
});

function renderPage(url = '/dev/forms') {
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

describe('/dev/forms preview', () => {
  it('lists every discovered form version', () => {
    renderPage();
    const nav = screen.getByRole('navigation', { name: 'Forms' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['contact v1', 'widgets v1']);
  });

  it('draws the chosen form in English and Turkish side by side on the same data, with live validation', async () => {
    const user = userEvent.setup();
    renderPage('/dev/forms?form=fixture/contact&v=1');
    const english = screen.getByRole('region', { name: 'English' });
    const turkish = screen.getByRole('region', { name: 'Türkçe' });
    expect(within(english).getByRole('group', { name: 'About you' })).toBeInTheDocument();
    expect(within(turkish).getByRole('group', { name: 'Hakkınızda' })).toBeInTheDocument();

    await user.type(within(english).getByRole('textbox', { name: /^Name/ }), 'A1');
    await typingPause();
    expect(within(turkish).getByRole('textbox', { name: /^Ad/ })).toHaveValue('A1');
    expect(within(english).getByText('Name can only contain letters', { selector: 'p' })).toBeInTheDocument();
    expect(within(turkish).getByText('Ad yalnızca harf içerebilir', { selector: 'p' })).toBeInTheDocument();

    const full = screen.getByRole('region', { name: 'English, full' });
    expect(within(full).getByText(/Email is required/)).toBeInTheDocument();
    const draft = screen.getByRole('region', { name: 'Türkçe, draft' });
    expect(within(draft).queryByText(/E-posta zorunludur/)).not.toBeInTheDocument();
    // a draft stores what is not right yet (ADR 003): only the full check names it
    expect(within(draft).queryByText(/Ad yalnızca harf içerebilir/)).not.toBeInTheDocument();
    expect(screen.getByText(/"name": "A1"/)).toBeInTheDocument();
  });

  it('switches forms from the list', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'widgets v1' }));
    expect(screen.getByRole('heading', { name: 'fixture/widgets v1' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Türkçe' })).getByRole('slider', { name: /^Sıklık/ }),
    ).toBeInTheDocument();
  });
});
