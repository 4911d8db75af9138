import type { FieldTemplateProps } from '@rjsf/utils';
import { fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { templates } from '../../../src/client/forms/templates';
import { precompiledRepositoryEngine } from '../../fixtures/forms/precompiled-engine';
import { renderForm } from '../../fixtures/forms/render-form';
import { typingPause } from '../widgets/typing-pause';

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
  it('re-draws no field while a key is typed, and only the typed field when typing pauses', async () => {
    const form = largestForm();
    const onChange = vi.fn();
    const { container } = renderForm(engine, {
      formId: form.id,
      version: form.version,
      onChange,
      onSubmit: () => undefined,
      onError: () => undefined,
      children: <button type="submit">submit-button</button>,
    });
    const field = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      'textarea, input[type=text]',
    )!;
    const fieldCount = container.querySelectorAll('input, select, textarea').length;
    expect(fieldCount).toBeGreaterThan(5);

    /** The fields drawn again while typing five characters into one field, and after the pause. */
    const typeAndPause = async (word: string) => {
      rendered.length = 0;
      for (let i = 1; i <= word.length; i++) fireEvent.change(field, { target: { value: word.slice(0, i) } });
      const whileTyping = new Set(rendered);
      rendered.length = 0;
      await typingPause();
      return { whileTyping, afterPause: new Set(rendered) };
    };
    const before = await typeAndPause('abcde');
    // a key re-draws the field's own widget, not the form (ADR 006)
    expect([...before.whileTyping]).toEqual([]);
    expect(field).toHaveValue('abcde');
    expect(before.afterPause.has(field.id)).toBe(true);
    expect([...before.afterPause].filter((id) => id !== 'root' && id !== field.id)).toEqual([]);
    // one change for five keys (RJSF reports its defaults once on mount, without a field id)
    expect(onChange.mock.calls.filter(([, id]) => id === field.id)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'submit-button' }));
    // live validation: the typed field's error changes, the others keep theirs and are left alone
    const after = await typeAndPause('fghij');
    expect([...after.whileTyping]).toEqual([]);
    expect(after.afterPause.has(field.id)).toBe(true);
    expect([...after.afterPause].filter((id) => id !== 'root' && id !== field.id)).toEqual([]);
  });
});
