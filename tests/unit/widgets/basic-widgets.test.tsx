import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toErrorSchema } from '../../../src/client/forms/rjsf-errors';
import { i18n } from '../../../src/client/i18n';
import { renderWidgets } from './render-widgets';

describe('past date widget (day, month, year: GOV.UK date input, ADR 063)', () => {
  const group = () => screen.getByRole('group', { name: /^Meeting date/ });

  it('is three labelled number fields in day, month, year order in both languages, never a browser date picker', async () => {
    await renderWidgets();
    const fields = within(group()).getAllByRole('textbox') as HTMLInputElement[];
    expect(fields.map((f) => f.labels?.[0]?.textContent)).toEqual(['Day', 'Month', 'Year']);
    expect(group().querySelector('input[type=date]')).toBeNull();
    for (const f of fields) expect(f).toHaveAttribute('inputmode', 'numeric');
    expect(group()).toHaveTextContent('For example, 27 3 2015');
  });

  it('stores what is typed as an ISO date, padding day and month', async () => {
    const { user, data } = await renderWidgets();
    await user.type(within(group()).getByLabelText('Day'), '6');
    await user.type(within(group()).getByLabelText('Month'), '5');
    await user.type(within(group()).getByLabelText('Year'), '2024');
    expect(data()?.meetingDate).toBe('2024-05-06');
  });

  it('shows a stored date in its three fields', async () => {
    await renderWidgets({ formData: { meetingDate: '2014-03-09' } });
    expect(within(group()).getByLabelText('Day')).toHaveValue('9');
    expect(within(group()).getByLabelText('Month')).toHaveValue('3');
    expect(within(group()).getByLabelText('Year')).toHaveValue('2014');
  });

  it('spreads a whole date pasted into the day field over the three fields', async () => {
    const { user, data } = await renderWidgets();
    await user.click(within(group()).getByLabelText('Day'));
    await user.paste('27.03.2015');
    expect(data()?.meetingDate).toBe('2015-03-27');
    expect(within(group()).getByLabelText('Year')).toHaveValue('2015');
  });

  it('reports one error for the group when the date is after today or not a real date', async () => {
    const { user, submit } = await (async () => {
      const view = await renderWidgets();
      return { ...view, submit: () => view.user.click(screen.getByRole('button', { name: 'Save' })) };
    })();
    await user.type(within(group()).getByLabelText('Day'), '31');
    await user.type(within(group()).getByLabelText('Month'), '2');
    await user.type(within(group()).getByLabelText('Year'), '2020');
    await submit();
    const errors = document.getElementById('root_meetingDate__error');
    expect(errors?.querySelectorAll('p')).toHaveLength(1);
    for (const field of within(group()).getAllByRole('textbox')) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    // the summary's link leads to the day field
    expect(document.getElementById('root_meetingDate')).toBe(within(group()).getByLabelText('Day'));
  });

  it('announces its error', async () => {
    await renderWidgets({ extraErrors: toErrorSchema({ meetingDate: 'Meeting date is required' }) });
    expect(within(group()).getByLabelText('Day')).toHaveAccessibleDescription(
      expect.stringContaining('Meeting date is required'),
    );
  });
});

describe('select widget', () => {
  it('lists translated options after an empty choice', async () => {
    const { user, data } = await renderWidgets();
    const select = screen.getByRole('combobox', { name: /^Grade level/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select an option', 'Preschool', 'College']);
    await user.selectOptions(select, 'College');
    expect(data()?.grade).toBe('college');
  });

  it('lists years from this year down to the minimum and starts at last year (defaultYearOffset -1)', async () => {
    const { data } = await renderWidgets();
    const select = screen.getByRole('combobox', { name: /^Graduation year/ });
    const year = new Date().getFullYear();
    const years = within(select)
      .getAllByRole('option')
      .slice(1)
      .map((o) => Number(o.textContent));
    expect(years[0]).toBe(year);
    expect(years.at(-1)).toBe(2020);
    expect(data()?.graduationYear).toBe(year - 1);
    expect(select).toHaveDisplayValue(String(year - 1));
  });
});

describe('radio widget', () => {
  it('is a group of labelled radios under a legend', async () => {
    const { user, data } = await renderWidgets();
    const group = screen.getByRole('group', { name: /^Gender/ });
    await user.click(within(group).getByRole('radio', { name: 'Female' }));
    expect(data()?.gender).toBe('female');
    expect(within(group).getByRole('radio', { name: 'Female' })).toHaveAttribute('id', 'root_gender');
  });
});

describe('radio widget, read only (a submitted response)', () => {
  it.each([
    ['en', 'Selected'],
    ['tr', 'Seçildi'],
  ])('frames the chosen answer and says it in words (%s)', async (lang, word) => {
    await act(() => i18n.changeLanguage(lang));
    try {
      await renderWidgets({ formData: { gender: 'female' }, readonly: true });
      const chosen = document.querySelector('#root_gender')!.closest('label')!;
      expect(chosen).toHaveAttribute('data-selected', 'true');
      expect(chosen).toHaveTextContent(word);
      expect(chosen.className).toMatch(/border-accent-700/);
      expect(chosen.className).toMatch(/text-slate-900/);
      // the word is part of the radio's name, so a screen reader hears it with the answer
      expect((document.querySelector('#root_gender') as HTMLInputElement).labels?.[0]?.textContent).toContain(
        word,
      );
      expect(screen.getByRole('radio', { name: new RegExp(`^\\S.*, ${word}$`) })).toBeChecked();
      expect(document.querySelectorAll('[data-selected]')).toHaveLength(1);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
