// @vitest-environment node
import { join } from 'node:path';
import { checkRequestErrors } from '../../../scripts/check-request-errors';
import { REPO, runSteps, scratchTrees } from './lint-tree';

const tree = scratchTrees('request-errors');

/** Runs the script as `npm run lint` does, on the tree. */
function lint(root: string): { ok: boolean; output: string } {
  return runSteps(root, [
    [join(REPO, 'node_modules/.bin/tsx'), [join(REPO, 'scripts/check-request-errors.ts'), '--root', root]],
  ]);
}

const OFFENDING_ROUTE = `export class IntakeConflict extends Error {
  constructor() {
    super('CONFLICT');
  }
}
`;

describe('npm run lint: one error type in the request path (ADR 116)', () => {
  it('fails on a class extending Error in a route, naming the file, the line and the factory to use', () => {
    const result = lint(tree({ 'src/server/routes/intake/replies.ts': `\n${OFFENDING_ROUTE}` }));
    expect(result.ok).toBe(false);
    expect(result.output).toContain(
      'src/server/routes/intake/replies.ts:2 class IntakeConflict extends Error',
    );
    expect(result.output).toContain('intakeErrors.conflict(current)');
  });

  it.each([
    ['a service', 'src/server/intake/service.ts', 'class IntakeSubmitted extends Error {}'],
    ['a subclass of AppError', 'src/server/links/link-service.ts', 'class LinkClosed extends AppError {}'],
    ['a built-in error', 'src/server/questionnaires/csv.ts', 'export class CsvError extends TypeError {}'],
  ])('fails on %s', (_what, file, text) => {
    expect(checkRequestErrors(tree({ [file]: text }))).toEqual([expect.objectContaining({ file, line: 1 })]);
  });

  it('fails on an AppError code written as a string instead of ERROR_CODES', () => {
    const root = tree({
      'src/server/questionnaires/response-service.ts': `const conflict = () =>\n  new AppError(409, 'CONFLICT', 'questionnaires.conflict');\n`,
    });
    expect(checkRequestErrors(root)).toEqual([
      expect.objectContaining({ file: 'src/server/questionnaires/response-service.ts', line: 2 }),
    ]);
  });

  it('lets the start-up and command-line errors stay where they are declared, and only there', () => {
    const root = tree({
      'src/server/config.ts': 'export class ConfigError extends Error {}',
      'src/server/admin/admin-result.ts': 'export class AdminCommandError extends Error {}',
      'src/server/db/data-dir-lock.ts': 'export class DataDirBusyError extends Error {}',
      'src/server/db/unavailable.ts': 'export class DatabaseUnavailableError extends Error {}',
      'src/server/errors.ts': 'export class AppError extends Error {}',
      'src/server/routes/config.ts': 'export class ConfigError extends Error {}',
    });
    expect(checkRequestErrors(root)).toEqual([
      expect.objectContaining({ file: 'src/server/routes/config.ts', line: 1 }),
    ]);
  });

  it('passes on this repository', () => {
    expect(checkRequestErrors(REPO)).toEqual([]);
    expect(lint(REPO)).toEqual({ ok: true, output: '' });
  });
});
