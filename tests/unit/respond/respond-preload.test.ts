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
  'assets/common-tr.js': chunk('assets/common-tr.js', '/repo/locales/tr/common.json'),
  'assets/common-en.js': chunk('assets/common-en.js', '/repo/locales/en/common.json'),
  'assets/account-tr.js': chunk('assets/account-tr.js', '/repo/locales/tr/account.json'),
  'assets/hr-schema.js': chunk(
    'assets/hr-schema.js',
    '/repo/schemas/questionnaires/home-routines/v1.schema.json',
  ),
  'assets/hr-ui.js': chunk('assets/hr-ui.js', '/repo/schemas/questionnaires/home-routines/v1.ui.json'),
  'assets/hr-validator.js': chunk(
    'assets/hr-validator.js',
    'virtual:form-validators/questionnaires/home-routines@1',
    ['assets/formats.js', 'assets/react.js'],
  ),
  'assets/formats.js': chunk('assets/formats.js', null),
  'assets/hr-tr.js': chunk('assets/hr-tr.js', '/repo/locales/tr/questionnaires/home-routines.json'),
  'assets/hr-titles.js': chunk(
    'assets/hr-titles.js',
    '/repo/locales/tr/questionnaires/home-routines.json?form-titles',
  ),
};

const HTML =
  '<html data-namespaces="common respond"><head><template id="respond-preloads"></template></head></html>';

function transform(filename: string) {
  const hook = respondPreload().transformIndexHtml as {
    handler: (html: string, context: IndexHtmlTransformContext) => unknown;
  };
  return hook.handler(HTML, {
    filename,
    path: `/${filename}`,
    bundle: bundle as never,
    chunk: bundle[filename === 'respond.html' ? 'assets/respond.js' : 'assets/intake.js'] as never,
  } as IndexHtmlTransformContext);
}

describe('respond.html module preloads', () => {
  it("names the first screen's texts, the engine's chunks, the app's, then each questionnaire's files", () => {
    const html = transform('respond.html') as string;
    const links = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"([^>]*)>/g)].map(
      ([, href, tags]) => `${href}${tags}`,
    );
    expect(links).toEqual([
      '/assets/common-tr.js data-lang="tr"',
      '/assets/common-en.js data-lang="en"',
      '/assets/questionnaire-engine.js',
      '/assets/react.js',
      '/assets/scheduler.js',
      '/assets/respond-app.js',
      '/assets/hr-schema.js data-form="questionnaires/home-routines@1"',
      '/assets/hr-ui.js data-form="questionnaires/home-routines@1"',
      // the validator's own import, not the page's chunks again
      '/assets/hr-validator.js data-form="questionnaires/home-routines@1"',
      '/assets/formats.js data-form="questionnaires/home-routines@1"',
      '/assets/hr-tr.js data-form="questionnaires/home-routines@1" data-lang="tr"',
    ]);
    // inside the template: inert until the page's inline script asks for them
    expect(html).toMatch(
      /^<html[^>]*><head><template id="respond-preloads"><link [\s\S]*<\/template><\/head><\/html>$/,
    );
  });

  it('leaves the account pages (index.html) alone', () => {
    expect(transform('index.html')).toBeUndefined();
  });
});
