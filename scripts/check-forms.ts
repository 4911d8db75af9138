/**
 * `npm run check:forms`: checks schemas/ and locales/ the way a content author leaves them.
 * Prints one line per problem (file, JSON path, what is wrong) and exits 1 if there is any.
 */
import { join } from 'node:path';
import { checkForms } from '../src/forms/check';
import { ROOT_DIR, readJsonTree } from '../src/forms/node';

const schemasDir = process.argv[2] ?? join(ROOT_DIR, 'schemas');
const localesDir = process.argv[3] ?? join(ROOT_DIR, 'locales');

try {
  const problems = checkForms(readJsonTree(schemasDir), readJsonTree(localesDir));
  if (problems.length === 0) {
    const files = Object.keys(readJsonTree(schemasDir));
    const forms = files.filter((k) => k.endsWith('.schema.json')).length;
    const questionnaires = files.filter((k) => /^questionnaires\/[^/]+\/questionnaire\.json$/.test(k)).length;
    console.log(
      `check:forms: ${forms} form versions (${questionnaires} questionnaires) OK in English and Turkish`,
    );
    process.exit(0);
  }
  for (const p of problems) console.error(`${p.file}: ${p.path}: ${p.message}`);
  console.error(`check:forms: ${problems.length} problem(s)`);
  process.exit(1);
} catch (error) {
  console.error(`check:forms: ${(error as Error).message}`);
  process.exit(1);
}
