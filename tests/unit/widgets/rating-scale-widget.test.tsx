import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toErrorSchema } from '../../../src/client/forms/rjsf-errors';
import { renderWidgets } from './render-widgets';

describe('rating scale widget', () => {
  it('is one radio group of five buttons with the end labels, the default 3 chosen', async () => {
    await renderWidgets();
    const group = screen.getByRole('group', { name: /^Academic impact/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(within(group).getByRole('radio', { name: '3 of 5' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '1 of 5 – Low Impact' })).toBeInTheDocument();
    expect(within(group).getByText('High Impact')).toBeInTheDocument();
    // the chosen button carries the field id: labels, error links and Tab land on it
    expect(within(group).getByRole('radio', { name: '3 of 5' })).toHaveAttribute('id', 'root_impact');
  });

  it('moves and selects with the arrow keys, Home and End', async () => {
    const { user, data } = await renderWidgets();
    const group = screen.getByRole('group', { name: /^Academic impact/ });
    within(group).getByRole('radio', { name: '3 of 5' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(data()?.impact).toBe(4);
    expect(within(group).getByRole('radio', { name: '4 of 5' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '4 of 5' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(data()?.impact).toBe(1);
    await user.keyboard('{ArrowLeft}');
    expect(data()?.impact).toBe(1);
    await user.keyboard('{End}');
    expect(within(group).getByRole('radio', { name: '5 of 5 – High Impact' })).toBeChecked();
  });

  it('selects with a click', async () => {
    const { user, data } = await renderWidgets();
    await user.click(screen.getByText('2', { selector: 'span' }));
    expect(data()?.impact).toBe(2);
  });

  it('announces its error on every option', async () => {
    await renderWidgets({ extraErrors: toErrorSchema({ impact: 'Impact rating must be between 1 and 5' }) });
    for (const radio of screen.getAllByRole('radio', { name: /of 5/ })) {
      expect(radio).toHaveAccessibleDescription(
        expect.stringContaining('Impact rating must be between 1 and 5'),
      );
    }
  });
});
