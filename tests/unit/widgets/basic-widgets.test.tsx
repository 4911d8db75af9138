import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toErrorSchema } from '../../../src/client/forms/rjsf-errors';
import { todayIso } from '../../../src/forms/formats';
import { renderWidgets } from './render-widgets';

describe('past date widget', () => {
  it('is a date input whose maximum is today in local time', async () => {
    const { user, data } = await renderWidgets();
    const input = screen.getByLabelText(/^Meeting date/);
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('max', todayIso());
    await user.type(input, '2024-05-06');
    expect(data()?.meetingDate).toBe('2024-05-06');
  });

  it('announces its error', async () => {
    await renderWidgets({ extraErrors: toErrorSchema({ meetingDate: 'Meeting date is required' }) });
    expect(screen.getByLabelText(/^Meeting date/)).toHaveAccessibleDescription(
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
