import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidgets } from './render-widgets';
import { typingPause } from './typing-pause';

describe('counted text area widget', () => {
  const counter = () => document.getElementById('root_biography__counter')!;

  it('counts characters out of the schema maxLength', async () => {
    const { user, data } = await renderWidgets();
    const area = screen.getByRole('textbox', { name: /^Biography/ });
    expect(counter()).toHaveTextContent('0 / 20');
    await user.type(area, 'Hello');
    // the counter follows every key; the form hears of the text when typing pauses
    expect(counter()).toHaveTextContent('5 / 20');
    expect(data()?.biography).toBeUndefined();
    await typingPause();
    expect(data()?.biography).toBe('Hello');
    expect(area).toHaveAccessibleDescription(expect.stringContaining('5 / 20'));
  });

  it('counts characters as the schema does: an emoji is one', async () => {
    await renderWidgets();
    fireEvent.change(screen.getByRole('textbox', { name: /^Biography/ }), {
      target: { value: 'Çok iyi 🙂' },
    });
    expect(counter()).toHaveTextContent('9 / 20');
  });

  it.each([
    [18, 'ok', false],
    [19, 'near', true],
    [20, 'near', true],
    [22, 'over', true],
  ])('with %i of 20 characters is %s (red: %s)', async (length, state, red) => {
    await renderWidgets();
    fireEvent.change(screen.getByRole('textbox', { name: /^Biography/ }), {
      target: { value: 'x'.repeat(length) },
    });
    expect(counter()).toHaveAttribute('data-state', state);
    expect(counter().className.includes('text-red-700')).toBe(red);
    // never colour alone: a words cue too
    if (state === 'near') expect(counter()).toHaveTextContent('You are close to the limit');
    if (state === 'over') expect(counter()).toHaveTextContent('You have 2 characters too many');
    if (!red) expect(counter()).toHaveTextContent(/^18 \/ 20$/);
  });
});
