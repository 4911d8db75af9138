// @vitest-environment node
import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { respondPreload } from '../../../scripts/vite-respond-preload';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  imports,
});

const bundle = {
  'assets/respond.js': chunk('assets/respond.js', '/repo/respond.html', ['assets/shared.js']),
  'assets/shared.js': chunk('assets/shared.js', null),
  'assets/respond-app.js': chunk('assets/respond-app.js', '/repo/src/client/respond/respond-app.tsx', [
    'assets/shared.js',
    'assets/react.js',
  ]),
  'assets/react.js': chunk('assets/react.js', null, ['assets/scheduler.js']),
  'assets/scheduler.js': chunk('assets/scheduler.js', null),
  'assets/questionnaire-engine.js': chunk(
    'assets/questionnaire-engine.js',
    '/repo/src/client/forms/questionnaire-engine.ts',
    ['assets/react.js'],
  ),
  'assets/intake.js': chunk('assets/intake.js', '/repo/src/client/intake/intake-page.tsx'),
};

function transform(filename: string) {
  const hook = respondPreload().transformIndexHtml as {
    handler: (html: string, context: IndexHtmlTransformContext) => unknown;
  };
  return hook.handler('<html></html>', {
    filename,
    path: `/${filename}`,
    bundle: bundle as never,
    chunk: bundle[filename === 'respond.html' ? 'assets/respond.js' : 'assets/intake.js'] as never,
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
      ['modulepreload', '/assets/react.js'],
      ['modulepreload', '/assets/scheduler.js'],
      ['modulepreload', '/assets/respond-app.js'],
    ]);
  });

  it('leaves the account pages (index.html) alone', () => {
    expect(transform('index.html')).toBeUndefined();
  });
});
