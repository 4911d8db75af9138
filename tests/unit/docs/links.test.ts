// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link of the guides leads somewhere: the file exists and, for `file.md#anchor`, the file has a
 * heading with that anchor (GitHub's way of making one). Links to other sites are not followed.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function markdownFiles(): string[] {
  const top = ['README.md', 'bench/README-performance.md', 'locales/tr/README.md'];
  const inDocs = (folder: string) =>
    readdirSync(join(ROOT, folder))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `${folder}/${name}`);
  return [...top, ...inDocs('docs'), ...inDocs('docs/decisions')];
}

/** The text outside fenced code blocks and inline code, where a `[x](y)` is a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = prose(readFileSync(file, 'utf8'))
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => anchorOf(line.replace(/^#+ /, '')));
  return new Set(headings);
}

interface Link {
  from: string;
  target: string;
}

function linksOf(file: string): Link[] {
  const links: Link[] = [];
  for (const match of prose(readFileSync(join(ROOT, file), 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    links.push({ from: file, target });
  }
  return links;
}

/** Why a link leads nowhere, or null when it leads somewhere. */
function problemOf({ from, target }: Link): string | null {
  const [pathPart, anchor] = target.split('#') as [string, string | undefined];
  const file = pathPart === '' ? join(ROOT, from) : join(ROOT, dirname(from), decodeURI(pathPart));
  if (!existsSync(file)) return `${from}: ${target}: no such file (${relative(ROOT, file)})`;
  if (anchor === undefined || statSync(file).isDirectory()) return null;
  if (!file.endsWith('.md')) return null;
  return anchorsOf(file).has(anchor) ? null : `${from}: ${target}: no heading with that anchor`;
}

describe('links in the guides', () => {
  const files = markdownFiles();

  it('covers the README and every guide', () => {
    for (const guide of ['docs/practitioners.md', 'docs/authoring.md', 'docs/api.md']) {
      expect(files).toContain(guide);
    }
    expect(files.flatMap(linksOf).length).toBeGreaterThan(100);
  });

  it('makes anchors as GitHub does', () => {
    expect(anchorOf('Walkthrough with curl (the API by hand)')).toBe('walkthrough-with-curl-the-api-by-hand');
    expect(anchorOf('Writes: own origin, JSON only')).toBe('writes-own-origin-json-only');
    expect(anchorOf('Questionnaires: how to add one')).toBe('questionnaires-how-to-add-one');
  });

  it.each(files)('%s: every relative link leads to a file and heading that exist', (file) => {
    const problems = linksOf(file)
      .map(problemOf)
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });
});
