import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidgets } from './render-widgets';

describe('multi-pick widget', () => {
  it('picks several options as chips and counts them', async () => {
    const { user, data } = await renderWidgets();
    const group = screen.getByRole('group', { name: /^Attendees/ });
    await user.click(within(group).getByRole('checkbox', { name: 'Mother' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Client' }));
    expect(data()?.attendees).toEqual(['client', 'mother']);
    expect(within(group).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(group).getByRole('checkbox', { name: 'Mother' }));
    expect(data()?.attendees).toEqual(['client']);
  });

  it('shows and announces its own error after a refused submit', async () => {
    const { user } = await renderWidgets({ formData: { attendees: [] } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const first = screen.getByRole('checkbox', { name: 'Client' });
    expect(first).toHaveAccessibleDescription(expect.stringContaining('Please select at least one attendee'));
    // focus is on the error summary (GOV.UK); its link leads to the group's first box
    await user.click(screen.getByRole('link', { name: 'Please select at least one attendee' }));
    expect(first).toHaveFocus();
  });
});
