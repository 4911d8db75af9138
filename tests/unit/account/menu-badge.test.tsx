import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppLayout } from '../../../src/client/components/layout/app-layout';
import type { NavItem } from '../../../src/client/components/layout/nav-items';
import { i18n } from '../../../src/client/i18n';

async function layout(lang: 'en' | 'tr', navItems: NavItem[]) {
  await act(() => i18n.changeLanguage(lang));
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AppLayout title="Psikolog Platformu" navItems={navItems} topBarEnd={null} footer={null}>
          <h1>Danışanlar</h1>
        </AppLayout>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("the phone's menu button", () => {
  afterEach(async () => {
    cleanup();
    await act(() => i18n.changeLanguage('en'));
  });

  it.each([
    ['en', 'Open menu, 2 new results'],
    ['tr', 'Menüyü aç, 2 yeni sonuç'],
  ] as const)('carries the sidebar badge of new results, in words too (%s)', async (lang, name) => {
    const label = i18n.getFixedT(lang, 'account')('nav.newResults', { count: 2 });
    await layout(lang, [
      { key: 'dashboard', to: '/dashboard' },
      { key: 'patients', to: '/patients', badge: { text: '2', label } },
    ]);
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByTestId('menu-badge')).toHaveTextContent('2');
  });

  it('shows no badge without one in the sidebar', async () => {
    await layout('en', [{ key: 'patients', to: '/patients' }]);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByTestId('menu-badge')).toBeNull();
  });
});
