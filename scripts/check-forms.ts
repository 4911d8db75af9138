/**
 * `npm run check:forms`: checks schemas/ and locales/ the way a content author leaves them.
 * Prints one line per problem (file, JSON path, what is wrong) and exits 1 if there is any.
 * `npm run check:forms -- --publish` also records new scoring versions in the scoring lock (ADR 109).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkForms } from '../src/forms/check';
import { checkAddress } from '../src/forms/check-address';
import { checkGlossary, readGlossary } from '../src/forms/check-glossary';
import { createResources } from '../src/forms/locales';
import { ROOT_DIR, readJsonTree } from '../src/forms/node';
import {
  checkScoringLock,
  publishScoringLock,
  SCORING_LOCK_FILE,
} from '../src/forms/questionnaires/scoring-lock';
import { sameAsEnglish } from '../src/forms/translations/workflow';

const args = process.argv.slice(2);
const publish = args.includes('--publish');
const [schemasArg, localesArg] = args.filter((arg) => arg !== '--publish');
const schemasDir = schemasArg ?? join(ROOT_DIR, 'schemas');
const localesDir = localesArg ?? join(ROOT_DIR, 'locales');
const lockFile = join(schemasDir, SCORING_LOCK_FILE);
// the Turkish glossary (one word per concept): its "Not" column is checked in every Turkish text
const GLOSSARY_FILE = 'tr/README.md';
const sha256 = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

try {
  const schemaFiles = readJsonTree(schemasDir);
  const localeFiles = readJsonTree(localesDir);
  const problems = checkForms(schemaFiles, localeFiles);
  const glossaryFile = join(localesDir, GLOSSARY_FILE);
  if (existsSync(glossaryFile))
    problems.push(...checkGlossary(localeFiles, readGlossary(readFileSync(glossaryFile, 'utf8'))));
  // one form of address per reader in Turkish: "siz" for adults, "sen" for a young person answering
  problems.push(...checkAddress(schemaFiles, localeFiles));
  const lock = existsSync(lockFile) ? JSON.parse(readFileSync(lockFile, 'utf8')) : undefined;
  const published = publish ? publishScoringLock(schemaFiles, lock, sha256) : undefined;
  problems.push(...(published?.problems ?? checkScoringLock(schemaFiles, lock, sha256)));
  // warnings only: a text may be the same on purpose (ADR 124)
  const warnings = sameAsEnglish(createResources(localeFiles));
  for (const w of warnings) console.warn(`warning: ${w.file}: ${w.path}: ${w.message}`);
  const warned = warnings.length > 0 ? `; ${warnings.length} warning(s): texts the same as in English` : '';
  if (problems.length === 0) {
    if (published) {
      writeFileSync(lockFile, `${JSON.stringify(published.lock, null, 2)}\n`);
      for (const file of published.added) console.log(`check:forms: published ${file}`);
      if (published.added.length === 0) console.log('check:forms: no new scoring version to publish');
    }
    const files = Object.keys(schemaFiles);
    const forms = files.filter((k) => k.endsWith('.schema.json')).length;
    const questionnaires = files.filter((k) => /^questionnaires\/[^/]+\/questionnaire\.json$/.test(k)).length;
    console.log(
      `check:forms: ${forms} form versions (${questionnaires} questionnaires) OK in English and Turkish${warned}`,
    );
    process.exit(0);
  }
  for (const p of problems) console.error(`${p.file}: ${p.path}: ${p.message}`);
  console.error(
    `check:forms: ${problems.length} problem(s)${publish ? '; nothing was published' : ''}${warned}`,
  );
  process.exit(1);
} catch (error) {
  console.error(`check:forms: ${(error as Error).message}`);
  process.exit(1);
}
