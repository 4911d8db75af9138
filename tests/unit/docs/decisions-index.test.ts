// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = fileURLToPath(new URL('../../../docs/decisions', import.meta.url));
const adrs = readdirSync(DIR).filter((f) => /^\d{3}-.+\.md$/.test(f));
const index = readFileSync(join(DIR, 'README.md'), 'utf8');

/** The Status and Date lines right under an ADR's title, as docs/decisions/README.md asks. */
function headerProblems(text: string): string[] {
  const [title, blank, status, date] = text.split('\n');
  const problems: string[] = [];
  if (!/^# \d{3} \S/.test(title ?? '')) problems.push('title is not "# NNN Title"');
  if (blank !== '') problems.push('no blank line under the title');
  if (!/^Status: (accepted|amended by \d{3}|superseded by \d{3})\b/.test(status ?? ''))
    problems.push(
      'third line is not "Status: accepted", "Status: amended by NNN" or "Status: superseded by NNN"',
    );
  if (!/^Date: \d{4}-\d{2}-\d{2}$/.test(date ?? '')) problems.push('fourth line is not "Date: YYYY-MM-DD"');
  return problems;
}

describe('docs/decisions', () => {
  it('holds ADRs', () => {
    expect(adrs.length).toBeGreaterThan(30);
  });

  it.each(adrs)('%s has a Status and a Date line under its title', (file) => {
    expect(headerProblems(readFileSync(join(DIR, file), 'utf8'))).toEqual([]);
  });

  it.each(adrs)('%s has its row in the index with its status', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    const status = /^Status: (.+)$/m.exec(text)?.[1];
    const row = index.split('\n').find((line) => line.startsWith(`| [${file.slice(0, 3)}](${file})`));
    expect(row, `docs/decisions/README.md has no row for ${file}`).toBeDefined();
    expect(row).toContain(`| ${status} |`);
  });

  it('indexes no file that is not there', () => {
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.filter((file) => !adrs.includes(file as string))).toEqual([]);
  });

  it('reads a header the way the index asks for it', () => {
    expect(headerProblems('# 001 A title\n\nStatus: accepted\nDate: 2026-11-23\n')).toEqual([]);
    expect(headerProblems('# 001 A title\n\n## Context\n')).toHaveLength(2);
  });
});
