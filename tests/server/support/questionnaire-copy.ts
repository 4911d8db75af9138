import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The questionnaire that exists only in the test fixtures (tests/fixtures/questionnaire-product). */
export const FIXTURE_DIR = path.resolve('tests/fixtures/questionnaire-product');

/**
 * A scratch copy of the app's `schemas/` and `locales/` with the fixture questionnaire's files added, as a content
 * author would add them to a fresh clone: no line of code changes.
 */
export function appFilesWithFixture(): { schemasDir: string; localesDir: string; remove(): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'questionnaire-files-'));
  const schemasDir = path.join(root, 'schemas');
  const localesDir = path.join(root, 'locales');
  cpSync(path.resolve('schemas'), schemasDir, { recursive: true });
  cpSync(path.resolve('locales'), localesDir, { recursive: true });
  cpSync(path.join(FIXTURE_DIR, 'schemas'), schemasDir, { recursive: true });
  cpSync(path.join(FIXTURE_DIR, 'locales'), localesDir, { recursive: true });
  return { schemasDir, localesDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
