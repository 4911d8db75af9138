import type { FieldTemplateProps } from '@rjsf/utils';
import { fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { templates } from '../../../src/client/forms/templates';
import { precompiledRepositoryEngine } from '../../fixtures/forms/precompiled-engine';
import { renderForm } from '../../fixtures/forms/render-form';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let engine: ClientFormEngine;
const rendered: string[] = [];
const FieldTemplate = templates.FieldTemplate!;
beforeAll(async () => {
  engine = await precompiledRepositoryEngine();
  // count which fields draw: the registry reads the module-level templates object
  templates.FieldTemplate = (props: FieldTemplateProps) => {
    rendered.push(props.id);
    return createElement(FieldTemplate, props);
  };
});
afterAll(() => {
  templates.FieldTemplate = FieldTemplate;
});

/** The form with the most fields: the one whose typing must stay smooth. */
function largestForm() {
  const count = (schema: Record<string, unknown>) => Object.keys((schema.properties ?? {}) as object).length;
  return engine.registry.list().reduce((a, b) => (count(b.schema) > count(a.schema) ? b : a));
}

describe('typing in the largest form', () => {
  it('re-draws only the field being typed in, also once validation runs on every change', async () => {
    const form = largestForm();
    const { container } = renderForm(engine, {
      formId: form.id,
      version: form.version,
      onSubmit: () => undefined,
      onError: () => undefined,
      children: <button type="submit">submit-button</button>,
    });
    const field = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      'textarea, input[type=text]',
    )!;
    const fieldCount = container.querySelectorAll('input, select, textarea').length;
    expect(fieldCount).toBeGreaterThan(5);

    /** The fields drawn again while typing five characters into one field. */
    const redrawnWhileTyping = () => {
      rendered.length = 0;
      for (const text of ['a', 'ab', 'abc', 'abcd', 'abcde'])
        fireEvent.change(field, { target: { value: text } });
      return new Set(rendered);
    };
    const before = redrawnWhileTyping();
    expect(before.has(field.id)).toBe(true);
    expect([...before].filter((id) => id !== 'root' && id !== field.id)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'submit-button' }));
    // live validation: the typed field's error changes, the others keep theirs and are left alone
    const after = redrawnWhileTyping();
    expect(after.has(field.id)).toBe(true);
    expect([...after].filter((id) => id !== 'root' && id !== field.id)).toEqual([]);
  });
});
