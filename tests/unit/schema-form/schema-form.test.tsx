import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { toErrorSchema } from '../../../src/client/forms/rjsf-errors';
import { i18n } from '../../../src/client/i18n';
import { precompiledFixtureEngine } from '../../fixtures/forms/precompiled-engine';
import { renderForm } from '../../fixtures/forms/render-form';
import { typingPause } from '../widgets/typing-pause';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let engine: ClientFormEngine;
beforeAll(async () => {
  engine = await precompiledFixtureEngine();
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const continueButton = <button type="submit">Continue</button>;
const valid = {
  name: 'Ayşe',
  email: 'ayse@example.com',
  password: 'Secret123',
  confirm: 'Secret123',
  agree: true,
};

function setup(props: Partial<Parameters<typeof renderForm>[1]> = {}) {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  const onError = vi.fn();
  const onChange = vi.fn();
  const view = renderForm(engine, {
    formId: 'fixture/contact',
    onSubmit,
    onError,
    onChange,
    children: continueButton,
    ...props,
  });
  const submit = () => user.click(screen.getByRole('button', { name: 'Continue' }));
  return { user, onSubmit, onError, onChange, submit, ...view };
}

const summary = () => screen.getByRole('alert');

describe('SchemaForm: submit', () => {
  it('refuses an empty submit with an error summary linking each field, and focuses the summary (GOV.UK)', async () => {
    const { submit, onSubmit, onError } = setup();
    await submit();

    expect(within(summary()).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    const links = within(summary()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Name is required',
      'Email is required',
      'Password is required',
      'Confirm password is required',
      'You must accept the terms',
    ]);
    expect(links[0]).toHaveAttribute('href', '#root_name');
    expect(summary()).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onError.mock.calls[0]?.[0]).toContainEqual(
      expect.objectContaining({ path: 'name', field: 'name', rule: 'required', message: 'Name is required' }),
    );
  });

  it('shows the message between hint and field and announces it through aria-describedby', async () => {
    const { submit } = setup();
    await submit();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    const errorElement = document.getElementById('root_name__error');
    expect(errorElement).toHaveTextContent('Error: Name is required');
    expect(name.getAttribute('aria-describedby')).toContain('root_name__error');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Name is required'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // GOV.UK order: label, hint, error, field
    const hint = screen.getByText('As on your ID card');
    expect(hint.compareDocumentPosition(errorElement!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(errorElement!.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('moves focus to the field when an error summary link is followed', async () => {
    const { submit, user } = setup();
    await submit();
    await user.click(within(summary()).getByRole('link', { name: 'Password is required' }));
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveFocus();
  });

  it('can focus the first invalid field instead of the summary', async () => {
    const { submit } = setup({ errorFocus: 'field' });
    await submit();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus();
  });

  it('submits valid data, with $data and ajv-errors rules checked by the precompiled validator', async () => {
    const { submit, onSubmit, user } = setup({ formData: { ...valid, confirm: 'Secret124' } });
    await submit();
    expect(within(summary()).getByRole('link', { name: 'Passwords do not match' })).toBeInTheDocument();
    const confirm = screen.getByLabelText(/^Confirm password/, { selector: 'input' });
    await user.clear(confirm);
    await user.type(confirm, 'Secret123');
    await typingPause();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ ...valid }));
  });
});

describe('SchemaForm: timing', () => {
  it('does not validate while typing before the first submit', async () => {
    const { user } = setup();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'A1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.getElementById('root_name__error')).toBeNull();
  });

  it('re-validates when typing pauses after a refused submit', async () => {
    const { user, submit } = setup();
    await submit();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'A');
    await typingPause();
    expect(document.getElementById('root_name__error')).toHaveTextContent(
      'Name must be at least 2 characters',
    );
    await user.type(name, '1');
    await typingPause();
    expect(document.getElementById('root_name__error')).toHaveTextContent('Name can only contain letters');
    await user.clear(name);
    await user.type(name, 'Ayşe');
    await typingPause();
    expect(document.getElementById('root_name__error')).toBeNull();
    expect(within(summary()).queryByText(/^Name/)).not.toBeInTheDocument();
  });

  it('keeps the same input element (and focus) while typing', async () => {
    const { user } = setup();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'Ayşe Yılmaz');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBe(name);
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Ayşe Yılmaz');
  });
});

describe('SchemaForm: languages', () => {
  it('draws labels, groups and messages in Turkish when the language is tr', async () => {
    await act(() => i18n.changeLanguage('tr'));
    const { submit } = setup();
    expect(screen.getByRole('group', { name: 'Hakkınızda' })).toBeInTheDocument();
    await submit();
    expect(within(summary()).getByRole('heading', { name: 'Bir sorun var' })).toBeInTheDocument();
    expect(within(summary()).getByRole('link', { name: 'Ad zorunludur' })).toBeInTheDocument();
    expect(within(summary()).getByRole('link', { name: 'Koşulları kabul etmelisiniz' })).toBeInTheDocument();
    expect(document.getElementById('root_name__error')).toHaveTextContent('Hata: Ad zorunludur');
  });

  it('re-translates shown errors when the language changes', async () => {
    const { submit } = setup();
    await submit();
    await act(() => i18n.changeLanguage('tr'));
    fireEvent.change(screen.getByRole('textbox', { name: /^Ad/ }), { target: { value: 'A' } });
    await typingPause();
    expect(document.getElementById('root_name__error')).toHaveTextContent('Ad en az 2 karakter olmalıdır');
  });
});

describe('SchemaForm: layout and data', () => {
  it('draws ui:options.groups as titled fieldsets in order', () => {
    setup();
    const groups = screen
      .getAllByRole('group')
      .filter((g) => g.tagName === 'FIELDSET' && g.closest('fieldset') === g);
    const legends = groups.map((g) => g.querySelector('legend')?.textContent);
    expect(legends).toEqual(expect.arrayContaining(['About you', 'Security', 'Extras']));
    expect(
      within(screen.getByRole('group', { name: 'About you' })).getByRole('textbox', { name: /^Email/ }),
    ).toBeVisible();
  });

  it('adds and removes repeating rows, focusing the new row', async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('button', { name: /Add item/ }));
    expect(screen.getByRole('heading', { name: 'Item 1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveFocus();
    await user.keyboard('First');
    await user.click(screen.getByRole('button', { name: /Add item/ }));
    expect(screen.getByRole('heading', { name: 'Item 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove: Item 1' }));
    expect(screen.queryByRole('heading', { name: 'Item 2' })).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ items: [{}] }), expect.anything());
  });

  it('after removing a row focuses the row that took its place, and after the last one the Add button', async () => {
    const { user } = setup();
    const add = () => screen.getByRole('button', { name: /Add item/ });
    await user.click(add());
    await user.keyboard('First');
    await user.click(add());
    await user.keyboard('Second');
    await typingPause();
    await user.click(screen.getByRole('button', { name: 'Remove: Item 1' }));
    // the former second row is now 'Item 1', and has focus
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Second');
    await user.click(screen.getByRole('button', { name: 'Remove: Item 1' }));
    expect(add()).toHaveFocus();
  });

  it('reports an error inside a repeating row on that row field', async () => {
    const { user, submit } = setup({ formData: { ...valid, items: [{}] } });
    await submit();
    expect(within(summary()).getByRole('link', { name: 'Title is required' })).toHaveAttribute(
      'href',
      '#root_items_0_title',
    );
    await user.click(within(summary()).getByRole('link', { name: 'Title is required' }));
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveFocus();
  });

  it('shows server field errors given through toErrorSchema', () => {
    setup({ formData: valid, extraErrors: toErrorSchema({ email: 'This email is already registered' }) });
    expect(document.getElementById('root_email__error')).toHaveTextContent(
      'This email is already registered',
    );
  });

  it('lets incomplete data through in draft mode but still refuses what cannot be stored (ADR 003)', async () => {
    const { submit, onSubmit, user } = setup({ mode: 'draft', formData: { agree: true } });
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // not right yet: a draft keeps it
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'A1');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(2);
    // over its maximum length: refused even as a draft
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'b'.repeat(49));
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(
      within(summary()).getByRole('link', { name: 'Name must not exceed 50 characters' }),
    ).toBeInTheDocument();
  });
});

describe('toErrorSchema', () => {
  it('nests dotted paths with array indexes, and puts "" on the form itself', () => {
    expect(
      toErrorSchema({ 'siblings.0.name': 'Sibling name is required', '': 'Failed', email: 'Taken' }),
    ).toEqual({
      siblings: { 0: { name: { __errors: ['Sibling name is required'] } } },
      __errors: ['Failed'],
      email: { __errors: ['Taken'] },
    });
  });
});
