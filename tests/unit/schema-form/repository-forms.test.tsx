import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { i18n } from '../../../src/client/i18n';
import { loadEngine } from '../../../src/forms/node';
import { precompiledRepositoryEngine } from '../../fixtures/forms/precompiled-engine';
import { renderForm } from '../../fixtures/forms/render-form';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let engine: ClientFormEngine;
beforeAll(async () => {
  engine = await precompiledRepositoryEngine();
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const forms = loadEngine().registry.list();
const cases = forms.flatMap((form) =>
  (['en', 'tr'] as const).map((lang) => [form.id, form.version, lang] as const),
);

describe('every form of schemas/', () => {
  it.each(cases)(
    '%s v%i draws in %s and refuses an empty submit with translated messages',
    async (id, version, lang) => {
      await act(() => i18n.changeLanguage(lang));
      const user = userEvent.setup();
      const onSubmit = vi.fn();
      const { container } = renderForm(engine, {
        formId: id,
        version,
        onSubmit,
        onError: () => undefined,
        formContext: { kvkkConsent: true },
        children: <button type="submit">submit-button</button>,
      });
      const fields = container.querySelectorAll('input:not([type=hidden]), select, textarea');
      expect(fields.length).toBeGreaterThan(0);
      // every visible field has a label (no raw property names leaking through)
      for (const field of fields) {
        if ((field as HTMLInputElement).type === 'file' || field.getAttribute('role') === 'combobox')
          continue;
        expect(
          (field as HTMLElement).closest('label, fieldset') ??
            document.querySelector(`label[for="${field.id}"]`),
        ).not.toBeNull();
      }
      await user.click(screen.getByRole('button', { name: 'submit-button' }));
      const summary = screen.queryByRole('alert');
      if (summary) {
        // messages come from locales: never Ajv's English
        expect(summary.textContent).not.toMatch(/must have required property|must NOT have|must match/);
      } else {
        expect(onSubmit).toHaveBeenCalled();
      }
    },
  );
});
