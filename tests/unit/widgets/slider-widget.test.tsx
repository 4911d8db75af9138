import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toErrorSchema } from '../../../src/client/forms/rjsf-errors';
import { renderWidgets } from './render-widgets';

describe('slider widget', () => {
  it('shows the default value and the labelled marks 1, 5 and 10', async () => {
    await renderWidgets();
    const slider = screen.getByRole('slider', { name: /^Frequency/ });
    expect(slider).toHaveValue('5');
    expect(slider).toHaveAttribute('aria-valuetext', '5 – Sometimes');
    expect(slider).toHaveAttribute('id', 'root_frequency');
    for (const mark of ['1 Rarely', '5 Sometimes', '10 Constantly'])
      expect(screen.getByText(mark)).toBeInTheDocument();
  });

  it('moves one step with the arrow keys and jumps with Home and End', async () => {
    const { user, data } = await renderWidgets();
    const slider = screen.getByRole('slider', { name: /^Frequency/ });
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(data()?.frequency).toBe(6);
    expect(slider).toHaveValue('6');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(data()?.frequency).toBe(4);
    await user.keyboard('{End}');
    expect(data()?.frequency).toBe(10);
    expect(slider).toHaveAttribute('aria-valuetext', '10 – Constantly');
    await user.keyboard('{ArrowRight}');
    expect(data()?.frequency).toBe(10);
    await user.keyboard('{Home}');
    expect(data()?.frequency).toBe(1);
  });

  it('announces its error through aria-describedby', async () => {
    await renderWidgets({ extraErrors: toErrorSchema({ frequency: 'Frequency must be between 1 and 10' }) });
    expect(screen.getByRole('slider', { name: /^Frequency/ })).toHaveAccessibleDescription(
      expect.stringContaining('Frequency must be between 1 and 10'),
    );
  });
});
