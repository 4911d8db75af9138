// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { groupsOf } from '../../../scripts/vite-chunk-groups';

const R = '/repo/';
const react = `${R}node_modules/react/index.js`;
const utils = `${R}node_modules/@rjsf/utils/lib/index.js`;
const getWidget = `${R}node_modules/@rjsf/utils/lib/getWidget.js`;
const retrieve = `${R}node_modules/@rjsf/utils/lib/retrieveSchema.js`;

/** A small app: two pages, two engines, SchemaForm, the signed-in frame, a login page. */
function graph(): Map<string, { imported: string[]; dynamic: string[] }> {
  const edges: Record<string, [string[], string[]?]> = {
    'index.html': [[`${R}src/client/main.tsx`]],
    'src/client/main.tsx': [
      [`${R}src/client/router.tsx`, `${R}src/shared/index.ts`],
      [`${R}src/client/app/account-layout.tsx`, `${R}src/client/features/auth/login-page.tsx`],
    ],
    'src/client/router.tsx': [[react]],
    'respond.html': [[`${R}src/shared/index.ts`], [`${R}src/client/forms/questionnaire-engine.ts`]],
    'src/shared/index.ts': [[]],
    'src/client/forms/questionnaire-engine.ts': [[`${R}src/client/forms/lazy-engine.ts`]],
    'src/client/forms/app-engine.ts': [
      [`${R}src/client/forms/lazy-engine.ts`, `${R}src/forms/signup-manifest.ts`],
    ],
    'src/client/forms/lazy-engine.ts': [
      [utils, `${R}src/forms/locales.ts`],
      [`${R}src/client/forms/widgets/index.ts`, `${R}src/client/forms/widgets/slider-widget.tsx`],
    ],
    'src/forms/locales.ts': [[]],
    'src/forms/signup-manifest.ts': [[]],
    'src/client/forms/schema-form.tsx': [[utils, react, `${R}src/client/forms/widgets/index.ts`]],
    'src/client/forms/widgets/index.ts': [[react]],
    'src/client/forms/widgets/slider-widget.tsx': [[react]],
    'src/client/features/auth/login-page.tsx': [
      [`${R}src/client/forms/schema-form.tsx`, `${R}src/client/components/alert.tsx`],
      [`${R}src/client/forms/app-engine.ts`],
    ],
    'src/client/app/account-layout.tsx': [
      [`${R}src/client/components/layout/sidebar.tsx`, `${R}src/client/components/alert.tsx`],
    ],
    'src/client/components/layout/sidebar.tsx': [[react]],
    'src/client/components/alert.tsx': [[react]],
    'node_modules/@rjsf/utils/lib/index.js': [[getWidget, retrieve]],
    'node_modules/@rjsf/utils/lib/getWidget.js': [[react]],
    'node_modules/@rjsf/utils/lib/retrieveSchema.js': [[]],
    'node_modules/react/index.js': [[]],
  };
  return new Map(
    Object.entries(edges).map(([id, [imported, dynamic = []]]) => [`${R}${id}`, { imported, dynamic }]),
  );
}

const groups = () => {
  const sets = groupsOf(graph(), new Set([utils]));
  return Object.fromEntries(
    Object.entries(sets).map(([name, ids]) => [name, [...ids].map((id) => id.slice(R.length)).sort()]),
  );
};

describe('chunk groups read from the module graph (ADR 150)', () => {
  it("puts the app's first paint together, less what the respondent page can load", () => {
    // React and the shared module: the respondent page loads them too
    expect(groups().first).toEqual(['index.html', 'src/client/main.tsx', 'src/client/router.tsx']);
  });

  it('puts together what both engines import and nothing that imports React, a barrel passing nothing on', () => {
    // getWidget imports React; the utilities' index (no code of its own) re-exports it, but its importers use
    // retrieveSchema alone
    expect(groups().engine).toEqual([
      'node_modules/@rjsf/utils/lib/retrieveSchema.js',
      'src/client/forms/lazy-engine.ts',
      'src/forms/locales.ts',
    ]);
  });

  it("puts SchemaForm's imports together, the widget registry it imports included, less the engine's", () => {
    expect(groups().view).toEqual([
      'node_modules/@rjsf/utils/lib/getWidget.js',
      'node_modules/@rjsf/utils/lib/index.js',
      'src/client/forms/schema-form.tsx',
      'src/client/forms/widgets/index.ts',
    ]);
  });

  it("puts the signed-in frame's imports together, less what the login page imports", () => {
    expect(groups().frame).toEqual(['src/client/components/layout/sidebar.tsx']);
  });

  it('never groups a module only ever imported lazily', () => {
    const all = Object.values(groups()).flat();
    for (const lazy of [
      'app-engine.ts',
      'questionnaire-engine.ts',
      'slider-widget.tsx',
      'account-layout.tsx',
    ])
      expect(all.filter((id) => id.endsWith(lazy))).toEqual([]);
  });

  it("leaves a build without the app's page to rolldown", () => {
    const withoutApp = graph();
    withoutApp.delete(`${R}index.html`);
    expect(Object.values(groupsOf(withoutApp, new Set())).every((ids) => ids.size === 0)).toBe(true);
  });
});
