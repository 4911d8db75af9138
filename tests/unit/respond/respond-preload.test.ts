// @vitest-environment node
import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { respondPreload } from '../../../scripts/vite-respond-preload';

const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  moduleIds: string[] = [],
) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  imports,
  moduleIds,
});

const bundle = {
  'assets/respond.js': chunk('assets/respond.js', '/repo/respond.html', ['assets/shared.js']),
  'assets/shared.js': chunk('assets/shared.js', null),
  'assets/respond-app.js': chunk('assets/respond-app.js', '/repo/src/client/respond/respond-app.tsx', [
    'assets/shared.js',
    'assets/react.js',
    'assets/i18next.js',
  ]),
  'assets/react.js': chunk(
    'assets/react.js',
    null,
    ['assets/scheduler.js', 'assets/i18next.js'],
    ['/repo/node_modules/react/index.js', '/repo/node_modules/react-dom/client.js'],
  ),
  'assets/scheduler.js': chunk('assets/scheduler.js', null),
  'assets/i18next.js': chunk(
    'assets/i18next.js',
    null,
    [],
    ['/repo/node_modules/i18next/dist/esm/i18next.js'],
  ),
  'assets/questionnaire-engine.js': chunk(
    'assets/questionnaire-engine.js',
    '/repo/src/client/forms/questionnaire-engine.ts',
    ['assets/i18next.js'],
  ),
  'assets/intake.js': chunk('assets/intake.js', '/repo/src/client/intake/intake-page.tsx'),
};

function transform(filename: string, chunks: Record<string, unknown> = bundle) {
  const hook = respondPreload().transformIndexHtml as {
    handler: (html: string, context: IndexHtmlTransformContext) => unknown;
  };
  return hook.handler('<html></html>', {
    filename,
    path: `/${filename}`,
    bundle: chunks as never,
    chunk: chunks[filename === 'respond.html' ? 'assets/respond.js' : 'assets/intake.js'] as never,
  } as IndexHtmlTransformContext);
}

describe('respond.html module preloads', () => {
  it("names the form engine's chunks, then the respondent app's, and none the entry already loads", () => {
    const hrefs = (transform('respond.html') as { attrs: { rel: string; href: string } }[]).map((tag) => [
      tag.attrs.rel,
      tag.attrs.href,
    ]);
    expect(hrefs).toEqual([
      ['modulepreload', '/assets/questionnaire-engine.js'],
      ['modulepreload', '/assets/i18next.js'],
      ['modulepreload', '/assets/respond-app.js'],
      ['modulepreload', '/assets/react.js'],
      ['modulepreload', '/assets/scheduler.js'],
    ]);
  });

  it("stops the build when the engine's chunks import React's renderer", () => {
    const engineWithReact = {
      ...bundle,
      'assets/questionnaire-engine.js': chunk(
        'assets/questionnaire-engine.js',
        '/repo/src/client/forms/questionnaire-engine.ts',
        ['assets/react.js'],
      ),
    };
    expect(() => transform('respond.html', engineWithReact)).toThrow(
      /imports React's renderer \(assets\/react\.js\)/,
    );
  });

  it('leaves the account pages (index.html) alone', () => {
    expect(transform('index.html')).toBeUndefined();
  });
});
