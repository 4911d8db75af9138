// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Alias } from 'vite';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/client/forms/plain-markdown';
import config from '../../../vite.config';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const stub = join(root, 'src/client/forms/plain-markdown.tsx');

/** What the project's Vite config turns an import specifier into. */
function resolved(specifier: string): string {
  const aliases = (config.resolve?.alias ?? []) as Alias[];
  const alias = aliases.find((a) =>
    typeof a.find === 'string' ? a.find === specifier : a.find.test(specifier),
  );
  return alias ? specifier.replace(alias.find, alias.replacement) : specifier;
}

/** Every `markdown-to-jsx` specifier RJSF's renderer imports. */
function rjsfMarkdownImports(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/from ['"](markdown-to-jsx[^'"]*)['"]/g))
          found.add(match[1] as string);
      }
    }
  };
  walk(join(root, 'node_modules/@rjsf/core/lib'));
  return found;
}

describe('markdown-to-jsx in the client build', () => {
  it('is replaced by the plain-text module for every specifier RJSF imports', () => {
    const specifiers = rjsfMarkdownImports();
    expect(specifiers.size).toBeGreaterThan(0);
    for (const specifier of specifiers) expect(resolved(specifier)).toBe(stub);
    expect(existsSync(stub)).toBe(true);
  });

  it.each([
    ['**cv.pdf** (application/pdf, 120 bytes)', '<strong>cv.pdf</strong> (application/pdf, 120 bytes)'],
    [
      'Unsupported field schema for field `root_a`: _no type_.',
      'Unsupported field schema for field <code>root_a</code>: <em>no type</em>.',
    ],
    ['snake_case_names stay as typed', 'snake_case_names stay as typed'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
  ])('draws RJSF message %j as %j, never as HTML', (text, html) => {
    expect(renderToStaticMarkup(createElement(Markdown, { options: {} }, text))).toBe(html);
  });
});
