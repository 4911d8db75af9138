import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { hideFields } from '../../../src/client/forms/hidden-fields';
import { precompiledFixtureEngine } from '../../fixtures/forms/precompiled-engine';
import { renderForm } from '../../fixtures/forms/render-form';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let engine: ClientFormEngine;
beforeAll(async () => {
  engine = await precompiledFixtureEngine();
});

describe('SchemaForm hiddenFields', () => {
  it('does not draw the hidden fields, and leaves out a group whose fields are all hidden', () => {
    renderForm(engine, {
      formId: 'fixture/contact',
      onSubmit: () => undefined,
      hiddenFields: ['name', 'email', 'confirm'],
      formData: { name: 'Ayşe' },
      children: <button type="submit">Continue</button>,
    });
    expect(screen.queryByRole('group', { name: 'About you' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Security' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Confirm/)).toBeNull();
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toBeInTheDocument();
  });
});

describe('hideFields', () => {
  it('draws the named fields with the hidden widget, keeping their other UI options', () => {
    const ui = { a: { 'ui:options': { rows: 3 } }, b: { 'ui:widget': 'radio' } };
    expect(hideFields(ui, ['a'])).toEqual({
      a: { 'ui:options': { rows: 3 }, 'ui:widget': 'hidden' },
      b: { 'ui:widget': 'radio' },
    });
    expect(hideFields(ui, [])).toBe(ui);
  });
});
