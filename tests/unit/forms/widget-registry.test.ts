import { getDefaultRegistry } from '@rjsf/core';
import { getWidget, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { widgets } from '../../../src/client/forms/widgets';
import { WIDGET_NAMES } from '../../../src/forms/widget-names';

describe('widget registry', () => {
  const registered = { ...getDefaultRegistry().widgets, ...widgets };
  const schema: RJSFSchema = { type: 'string' };

  it.each(WIDGET_NAMES)('resolves %s, a name check:forms lets a UI schema use', (name) => {
    expect(() => getWidget(schema, name, registered)).not.toThrow();
  });

  it('does not resolve a name nobody registered', () => {
    expect(() => getWidget(schema, 'colourWheel', registered)).toThrow();
  });
});
