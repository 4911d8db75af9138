import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { SchemaForm } from '../../../src/client/forms/schema-form';
import { i18n } from '../../../src/client/i18n';
import { precompiledFixtureEngine } from '../../fixtures/forms/precompiled-engine';
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

  it('a key below the warning range renders nothing; the counter and the text still follow it', async () => {
    const engine = await precompiledFixtureEngine();
    const commits = vi.fn();
    const onChange = vi.fn();
    render(
      <Profiler id="form" onRender={commits}>
        <I18nextProvider i18n={i18n}>
          <FormEngineProvider engine={engine}>
            <SchemaForm formId="fixture/widgets" onChange={onChange} onSubmit={() => undefined} />
          </FormEngineProvider>
        </I18nextProvider>
      </Profiler>,
    );
    const area = screen.getByRole('textbox', { name: /^Biography/ });
    commits.mockClear();
    // on the intake screen a render starts at the app's root, ~80 components above the field (ADR 006)
    for (const text of ['H', 'He', 'Hel', 'Hell', 'Hello'])
      fireEvent.change(area, { target: { value: text } });
    expect(commits).not.toHaveBeenCalled();
    expect(area).toHaveValue('Hello');
    expect(counter()).toHaveTextContent(/^5 \/ 20$/);
    // into the warning range: colour and words need a render
    fireEvent.change(area, { target: { value: 'x'.repeat(19) } });
    expect(commits).toHaveBeenCalled();
    expect(counter()).toHaveAttribute('data-state', 'near');
    // and back out of it
    fireEvent.change(area, { target: { value: 'x'.repeat(3) } });
    expect(counter()).toHaveAttribute('data-state', 'ok');
    expect(counter()).toHaveTextContent(/^3 \/ 20$/);
    await typingPause();
    expect(onChange.mock.calls.at(-1)?.[0]).toMatchObject({ biography: 'xxx' });
  });

  it('a value from outside replaces the text and the count when nothing is pending, never text being typed', async () => {
    const { rerenderForm, onChange, data } = await renderWidgets({ formData: { biography: 'Server' } });
    const area = screen.getByRole('textbox', { name: /^Biography/ });
    expect(area).toHaveValue('Server');
    expect(counter()).toHaveTextContent(/^6 \/ 20$/);
    const again = (biography: string) =>
      rerenderForm({
        formId: 'fixture/widgets',
        formData: { biography },
        onChange,
        onSubmit: () => undefined,
      });
    again('Reloaded');
    expect(area).toHaveValue('Reloaded');
    expect(counter()).toHaveTextContent(/^8 \/ 20$/);
    fireEvent.change(area, { target: { value: 'Mine' } });
    again('Meanwhile');
    expect(area).toHaveValue('Mine');
    expect(counter()).toHaveTextContent(/^4 \/ 20$/);
    await typingPause();
    expect(data()?.biography).toBe('Mine');
    expect(area).toHaveValue('Mine');
    again('Reset to a near text');
    expect(area).toHaveValue('Reset to a near text');
    expect(counter()).toHaveAttribute('data-state', 'near');
    expect(counter()).toHaveTextContent('20 / 20');
  });

  it('a language switch keeps the typed text, its count and its warning, in the new language', async () => {
    const { data } = await renderWidgets();
    fireEvent.change(screen.getByRole('textbox', { name: /^Biography/ }), {
      target: { value: 'x'.repeat(19) },
    });
    try {
      await act(() => i18n.changeLanguage('tr'));
      expect(data()?.biography).toBe('x'.repeat(19));
      expect(screen.getByRole('textbox', { name: /^Biyografi/ })).toHaveValue('x'.repeat(19));
      expect(counter()).toHaveTextContent('19 / 20');
      expect(counter()).toHaveTextContent('Sınıra yaklaştınız');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
