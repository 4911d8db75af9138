import userEvent from '@testing-library/user-event';
import { beforeAll, vi } from 'vitest';
import type { SchemaFormProps } from '../../../src/client/forms/schema-form';
import { precompiledFixtureEngine } from '../../fixtures/forms/precompiled-engine';
import { renderForm } from '../../fixtures/forms/render-form';

// the machine running the suite may be busy: rendering a whole form must not fail on a 5 s budget
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
// precompiling the fixture forms is paid once per file, not by its first test
beforeAll(() => precompiledFixtureEngine());

/** Renders the fixture form holding one field per widget; `onChange` sees every data change. */
export async function renderWidgets(props: Partial<SchemaFormProps> = {}) {
  const engine = await precompiledFixtureEngine();
  // the file input's accept attribute is the widget's to enforce, not user-event's
  const user = userEvent.setup({ applyAccept: false });
  const onChange = vi.fn();
  const onSubmit = vi.fn();
  const view = renderForm(engine, {
    formId: 'fixture/widgets',
    onChange,
    onSubmit,
    children: <button type="submit">Save</button>,
    ...props,
  });
  /** The data of the last change. */
  const data = () => onChange.mock.calls.at(-1)?.[0] as Record<string, unknown> | undefined;
  return { user, onChange, onSubmit, data, ...view };
}
