import { existsSync, readFileSync } from 'node:fs';
import type { WidgetProps } from '@rjsf/utils';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWidgets } from '../../../src/client/forms/widgets';
import { lazyWidget } from '../../../src/client/forms/widgets/lazy-widget';
import {
  LAZY_WIDGET_NAMES,
  lazyWidgetNamed,
  registeredNames,
} from '../../../src/client/forms/widgets/widget-table';
import { widgetNamesOf } from '../../../src/forms/ui-schema';
import { WIDGET_NAMES } from '../../../src/forms/widget-names';

function Shown(props: WidgetProps) {
  return <output>{`shown ${props.id}`}</output>;
}

/** A widget module whose fetch the test settles. */
function deferredWidget() {
  let settle: (ok: boolean) => void = () => undefined;
  let calls = 0;
  const widget = lazyWidget('shown', () => {
    calls += 1;
    return new Promise((resolve, reject) => {
      settle = (ok) => (ok ? resolve(Shown) : reject(new Error('offline')));
    });
  });
  return { widget, settle: (ok: boolean) => settle(ok), calls: () => calls };
}

const props = { id: 'root_field' } as WidgetProps;

describe('a lazily loaded widget (ADR 098)', () => {
  it('draws at once when its code was fetched before the form drew', async () => {
    const { widget, settle } = deferredWidget();
    const loading = widget.load();
    settle(true);
    await loading;
    const Widget = widget.component;
    render(<Widget {...props} />);
    expect(screen.getByText('shown root_field')).toBeInTheDocument();
  });

  it('suspends when drawn before its code arrived, then draws, fetching once', async () => {
    const { widget, settle, calls } = deferredWidget();
    const Widget = widget.component;
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <Widget {...props} />
        </Suspense>,
      );
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => settle(true));
    expect(await screen.findByText('shown root_field')).toBeInTheDocument();
    await widget.load();
    expect(calls()).toBe(1);
  });

  it('fetches again after a failed fetch', async () => {
    const { widget, settle, calls } = deferredWidget();
    const first = widget.load();
    settle(false);
    await expect(first).rejects.toThrow('offline');
    const second = widget.load();
    settle(true);
    await second;
    expect(calls()).toBe(2);
  });
});

describe('widgetNamesOf', () => {
  it('lists every ui:widget at any depth, once, and nothing else', () => {
    const ui = {
      'ui:order': ['a', 'b'],
      a: { 'ui:widget': 'password', 'ui:options': { widget: 'not-this' } },
      b: { items: { c: { 'ui:widget': 'slider' } }, d: { 'ui:widget': 'password' } },
      e: { 'ui:widget': { not: 'a name' } },
    };
    expect(widgetNamesOf(ui)).toEqual(['password', 'slider']);
  });
});

describe('the lazily loaded widgets', () => {
  it("are the ones the engine knows by name, RJSF's names for them included", () => {
    expect(Object.keys(lazyWidgets).sort()).toEqual([...LAZY_WIDGET_NAMES].sort());
    expect(lazyWidgetNamed('password')).toBe('password');
    expect(lazyWidgetNamed('textarea')).toBe('countedTextarea');
    expect(lazyWidgetNamed('checkboxes')).toBe('checkboxGrid');
    // drawn for a field's type without being named: always in
    for (const eager of ['radio', 'select', 'text', 'checkbox', 'email'])
      expect(lazyWidgetNamed(eager)).toBeUndefined();
  });

  it('are every widget the registry lists under a name RJSF never picks by itself', async () => {
    const { widgets } = await import('../../../src/client/forms/widgets');
    for (const name of ['slider', 'ratingScale', 'countedTextarea', 'textarea', 'checkboxes', 'password'])
      expect(widgets[name]).toBe(lazyWidgets[lazyWidgetNamed(name) as keyof typeof lazyWidgets].component);
  });

  it("live in `<name>-widget.tsx` and are imported from there alone (the bench counts a form's by that name)", () => {
    const sources = ['index.ts', 'widget-table.ts', 'lazy-widget-loader.ts'].map((file) =>
      readFileSync(`src/client/forms/widgets/${file}`, 'utf8'),
    );
    const index = sources[0] as string;
    for (const name of Object.keys(lazyWidgets)) {
      const module = `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-widget`;
      expect(existsSync(`src/client/forms/widgets/${module}.tsx`)).toBe(true);
      expect(index).toContain(`import('./${module}')`);
      for (const source of sources) expect(source).not.toContain(`from './${module}'`);
    }
  });

  it('are registered under their names in the widget table, and the bundled ones under theirs', async () => {
    const { widgets } = await import('../../../src/client/forms/widgets');
    const registered = WIDGET_NAMES.flatMap(registeredNames);
    expect(Object.keys(widgets).sort()).toEqual(registered.sort());
    expect(Object.keys(widgets).sort()).toEqual(
      [
        ...['slider', 'ratingScale', 'checkboxGrid', 'multiPick', 'nationalId', 'password'],
        ...['searchableSelect', 'fileUpload', 'countedTextarea', 'pastDate'],
        ...['TextWidget', 'EmailWidget', 'SelectWidget', 'RadioWidget', 'CheckboxWidget'],
        ...['PasswordWidget', 'TextareaWidget', 'CheckboxesWidget'],
        ...['text', 'email', 'select', 'radio', 'checkbox', 'textarea', 'checkboxes'],
      ].sort(),
    );
    expect(widgets.TextWidget).toBe(widgets.text);
    expect(widgets.CheckboxesWidget).toBe(lazyWidgets.checkboxGrid.component);
  });
});
