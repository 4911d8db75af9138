import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidgets } from './render-widgets';

describe('checkbox grid widget', () => {
  it('lays the options out in two columns and counts the selection', async () => {
    const { user, data } = await renderWidgets();
    const group = screen.getByRole('group', { name: /^Milestones/ });
    expect(group.querySelector('.sm\\:grid-cols-2')).not.toBeNull();
    expect(within(group).getByText('0 selected')).toBeInTheDocument();
    await user.click(within(group).getByRole('checkbox', { name: 'Walked on time' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Sleep problems' }));
    expect(data()?.milestones).toEqual(['walked_on_time', 'sleep_problems']);
    expect(within(group).getByText('2 selected')).toHaveAttribute('aria-live', 'polite');
  });

  it('toggles with the keyboard (Tab and Space)', async () => {
    const { user, data } = await renderWidgets();
    const group = screen.getByRole('group', { name: /^Milestones/ });
    const first = within(group).getByRole('checkbox', { name: 'Walked on time' });
    expect(first).toHaveAttribute('id', 'root_milestones');
    first.focus();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    expect(data()?.milestones).toEqual(['walked_on_time', 'talked_on_time']);
    await user.keyboard(' ');
    expect(data()?.milestones).toEqual(['walked_on_time']);
  });

  it('shows option labels in Turkish', async () => {
    const { i18n } = await import('../../../src/client/i18n');
    const { act } = await import('@testing-library/react');
    await act(() => i18n.changeLanguage('tr'));
    try {
      await renderWidgets();
      const group = screen.getByRole('group', { name: /^Gelişim basamakları/ });
      expect(within(group).getByRole('checkbox', { name: 'Zamanında yürüdü' })).toBeInTheDocument();
      expect(within(group).getByText('0 seçildi')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
