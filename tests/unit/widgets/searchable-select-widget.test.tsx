import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { searchKey } from '../../../src/client/forms/widgets/search-key';
import { renderWidgets } from './render-widgets';

const combobox = () => screen.getByRole('combobox', { name: /^University/ });
const listbox = () => screen.getByRole('listbox', { hidden: true });

describe('searchable select widget', () => {
  it('folds Turkish letters the Turkish way, then to plain letters', () => {
    expect(searchKey('IĞDIR')).toBe('igdir');
    expect(searchKey('İSTANBUL')).toBe('istanbul');
  });

  it.each([
    ['IĞDIR', 'Iğdır Üniversitesi'],
    ['istanbul', 'İstanbul Üniversitesi'],
    ['ANKARA', 'Ankara Üniversitesi'],
    ['igdir', 'Iğdır Üniversitesi'],
    ['ISTANBUL', 'İstanbul Üniversitesi'],
  ])('typing %j lists %s', async (query, expected) => {
    const { user } = await renderWidgets();
    await user.type(combobox(), query);
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(listbox())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expected]);
  });

  it("says 'No universities found' when nothing matches", async () => {
    const { user } = await renderWidgets();
    await user.type(combobox(), 'Oxford');
    expect(within(listbox()).queryAllByRole('option', { hidden: true })).toHaveLength(0);
    expect(screen.getAllByText('No universities found').length).toBeGreaterThan(0);
  });

  it('chooses with Down and Enter, following aria-activedescendant', async () => {
    const { user, data } = await renderWidgets();
    await user.click(combobox());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = combobox().getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)).toHaveTextContent('Iğdır Üniversitesi');
    await user.keyboard('{Enter}');
    expect(data()?.university).toBe('Iğdır Üniversitesi');
    expect(combobox()).toHaveValue('Iğdır Üniversitesi');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('wraps with Up and closes with Escape', async () => {
    const { user, data } = await renderWidgets();
    await user.click(combobox());
    await user.keyboard('{ArrowUp}');
    expect(document.getElementById(combobox().getAttribute('aria-activedescendant')!)).toHaveTextContent(
      'Other',
    );
    await user.keyboard('{Escape}');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(data()?.university).toBeUndefined();
  });

  it('only keeps chosen options: typing over a choice clears the value, an exact name is taken on blur', async () => {
    const { user, data } = await renderWidgets({ formData: { university: 'Ankara Üniversitesi' } });
    await user.type(combobox(), 'x');
    expect(data()?.university).toBeUndefined();
    await user.clear(combobox());
    await user.type(combobox(), 'istanbul üniversitesi');
    await user.tab();
    expect(data()?.university).toBe('İstanbul Üniversitesi');
  });

  it('chooses with the mouse', async () => {
    const { user, data } = await renderWidgets();
    await user.click(combobox());
    await user.click(within(listbox()).getByRole('option', { name: 'Ankara Üniversitesi' }));
    expect(data()?.university).toBe('Ankara Üniversitesi');
  });

  it('finds a choice by a short name given in formContext.searchAliases, with or without Turkish letters', async () => {
    const { user, data } = await renderWidgets({
      formContext: { searchAliases: { 'Iğdır Üniversitesi': ['IĞÜ'] } },
    });
    await user.type(combobox(), 'igu');
    expect(
      within(listbox())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Iğdır Üniversitesi']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(data()?.university).toBe('Iğdır Üniversitesi');
  });
});
