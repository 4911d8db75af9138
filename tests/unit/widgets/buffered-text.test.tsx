import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { createPendingEdits, TEXT_COMMIT_DELAY } from '../../../src/client/forms/pending-edits';
import { SchemaForm } from '../../../src/client/forms/schema-form';
import { i18n } from '../../../src/client/i18n';
import { precompiledFixtureEngine } from '../../fixtures/forms/precompiled-engine';
import { renderForm } from '../../fixtures/forms/render-form';

/** Free-text widgets keep the typed text and hand it to the form on a pause, blur, Enter or flush (ADR 006). */

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let engine: ClientFormEngine;
beforeAll(async () => {
  engine = await precompiledFixtureEngine();
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  vi.useRealTimers();
  await act(() => i18n.changeLanguage('en'));
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const valid = {
  name: 'Ayşe',
  email: 'ayse@example.com',
  password: 'Secret123',
  confirm: 'Secret123',
  agree: true,
};

function setup(formId: 'fixture/contact' | 'fixture/widgets', props: Record<string, unknown> = {}) {
  const onChange = vi.fn();
  const onSubmit = vi.fn();
  const view = renderForm(engine, {
    formId,
    onChange,
    onSubmit,
    onError: () => undefined,
    children: <button type="submit">Send</button>,
    ...props,
  });
  /** What the form last reported for `key`, and how many reports named the field. */
  const reported = (key: string) => (onChange.mock.calls.at(-1)?.[0] as Record<string, unknown>)?.[key];
  const reportsOf = (id: string) => onChange.mock.calls.filter(([, changed]) => changed === id).length;
  return { ...view, onChange, onSubmit, reported, reportsOf };
}

const nameInput = () => screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
const biography = () => screen.getByRole('textbox', { name: /^Biography/ }) as HTMLTextAreaElement;

describe('free-text widgets', () => {
  it('hand the text to the form once typing pauses, not on every key; the counter follows every key', async () => {
    const { reported, reportsOf } = setup('fixture/widgets');
    for (const text of ['H', 'He', 'Hel']) fireEvent.change(biography(), { target: { value: text } });
    expect(biography()).toHaveValue('Hel');
    expect(document.getElementById('root_biography__counter')).toHaveTextContent('3 / 20');
    await advance(TEXT_COMMIT_DELAY - 1);
    expect(reportsOf('root_biography')).toBe(0);
    await advance(1);
    expect(reportsOf('root_biography')).toBe(1);
    expect(reported('biography')).toBe('Hel');
  });

  it('render nothing on a key: the text stays in the DOM until the pause', async () => {
    const commits = vi.fn();
    const onChange = vi.fn();
    render(
      <Profiler id="form" onRender={commits}>
        <I18nextProvider i18n={i18n}>
          <FormEngineProvider engine={engine}>
            <SchemaForm formId="fixture/contact" onChange={onChange} onSubmit={() => undefined} />
          </FormEngineProvider>
        </I18nextProvider>
      </Profiler>,
    );
    commits.mockClear();
    // on the intake screen a render starts at the app's root, ~80 components above the field (ADR 006)
    for (const text of ['A', 'Ay', 'Ayş', 'Ayşe']) fireEvent.change(nameInput(), { target: { value: text } });
    expect(commits).not.toHaveBeenCalled();
    expect(nameInput()).toHaveValue('Ayşe');
    await advance(TEXT_COMMIT_DELAY);
    expect(commits).toHaveBeenCalled();
    expect(onChange.mock.calls.at(-1)?.[0]).toMatchObject({ name: 'Ayşe' });
    expect(nameInput()).toHaveValue('Ayşe');
  });

  it('hand the text over at once when the field loses focus', async () => {
    const { reported } = setup('fixture/contact');
    fireEvent.change(nameInput(), { target: { value: 'Ay' } });
    fireEvent.blur(nameInput());
    await advance(0);
    expect(reported('name')).toBe('Ay');
  });

  it('Enter in a text input submits what was typed, although the field never lost focus', async () => {
    // user-event drives real key events (keydown, implicit submission) and waits on real timers
    vi.useRealTimers();
    const user = userEvent.setup();
    const { onSubmit } = setup('fixture/contact', { formData: { ...valid, name: '' } });
    await user.type(nameInput(), 'Zeynep{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Zeynep' }));
  });

  it('a submit by click sees the text typed just before it', async () => {
    const { onSubmit } = setup('fixture/contact', { formData: { ...valid, name: '' } });
    fireEvent.change(nameInput(), { target: { value: 'Zeynep' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await advance(0);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Zeynep' }));
  });

  it('a new value from outside replaces the text when nothing is pending, never text being typed', async () => {
    const { rerenderForm, reported, onChange } = setup('fixture/contact', { formData: { ...valid } });
    const props = (name: string) => ({
      formId: 'fixture/contact',
      formData: { ...valid, name },
      onChange,
      onSubmit: () => undefined,
    });
    rerenderForm(props('From the server'));
    expect(nameInput()).toHaveValue('From the server');
    fireEvent.change(nameInput(), { target: { value: 'Mine' } });
    rerenderForm(props('Reloaded meanwhile'));
    expect(nameInput()).toHaveValue('Mine');
    await advance(TEXT_COMMIT_DELAY);
    expect(nameInput()).toHaveValue('Mine');
    expect(reported('name')).toBe('Mine');
    rerenderForm(props('Reset'));
    expect(nameInput()).toHaveValue('Reset');
  });

  it('the registry knows of pending text from the first key, and flush hands it over at once', async () => {
    const pendingEdits = createPendingEdits();
    const onEdit = vi.fn();
    pendingEdits.onEdit(onEdit);
    const { reported } = setup('fixture/contact', { pendingEdits });
    expect(pendingEdits.hasPending()).toBe(false);
    fireEvent.change(nameInput(), { target: { value: 'Al' } });
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(pendingEdits.hasPending()).toBe(true);
    act(() => pendingEdits.flush());
    // synchronous: the screen's onChange has run before flush returns
    expect(reported('name')).toBe('Al');
    expect(pendingEdits.hasPending()).toBe(false);
  });

  it('a language switch keeps and hands over what was typed', async () => {
    const { reported } = setup('fixture/contact');
    fireEvent.change(nameInput(), { target: { value: 'Elif' } });
    await act(() => i18n.changeLanguage('tr'));
    expect(reported('name')).toBe('Elif');
    expect(screen.getByRole('textbox', { name: /^Ad/ })).toHaveValue('Elif');
  });

  it('the password meter and the national ID check follow every key', async () => {
    setup('fixture/widgets');
    const password = document.getElementById('root_password') as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'Abcdefg1!' } });
    // the checklist reads the field's own text: all five rules met before the form heard of it
    expect(document.querySelectorAll('[data-met="true"]')).toHaveLength(5);
    const id = document.getElementById('root_nationalId') as HTMLInputElement;
    fireEvent.change(id, { target: { value: '12345678901' } });
    expect(screen.getByText('Please enter a valid Turkish ID number')).toBeInTheDocument();
  });
});
