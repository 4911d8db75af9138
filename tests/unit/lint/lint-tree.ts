import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach } from 'vitest';

/** The repository, whose tools and configuration the lint tests run on their small trees. */
export const REPO = resolve(__dirname, '../../..');

/**
 * Small trees laid out like the repository, one per call, removed after each test of the file that asks for them.
 * Call it at the top of a test file: it registers the clean-up.
 */
export function scratchTrees(prefix: string): (files: Record<string, string>) => string {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  return (files) => {
    const root = mkdtempSync(join(tmpdir(), `${prefix}-`));
    roots.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };
}

/** Runs lint's steps in order, as `npm run lint` does: ok, or what the first failing step printed. */
export function runSteps(
  cwd: string,
  steps: [command: string, args: string[]][],
): { ok: boolean; output: string } {
  try {
    for (const [command, args] of steps)
      execFileSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe' });
    return { ok: true, output: '' };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}
