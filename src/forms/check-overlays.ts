/**
 * The informant-wording checks of check:forms (ADR 126): a questionnaire's locale file may word items for one
 * respondent under `_respondents.<respondent>`. Each overlay is for a respondent `questionnaire.json` names, only
 * rewords keys the base file has, and has the same keys in every language.
 */
import { getPath, isNode, leafKeys, type Problem } from './check-walk';
import { OVERLAYS_KEY, type Resources } from './locales';
import { questionnaireFormId } from './questionnaires/catalog';
import { type SchemaFiles, schemaPath } from './registry';
import { LANGS } from './types';

const META_FILE = /^questionnaires\/(?<id>[^/]+)\/questionnaire\.json$/;

/** Questionnaire id -> the respondents its `questionnaire.json` names (none when it names none or is unsound). */
function respondentsOf(schemaFiles: SchemaFiles): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const [key, content] of Object.entries(schemaFiles)) {
    const id = META_FILE.exec(schemaPath(key))?.groups?.id;
    if (!id) continue;
    const listed = isNode(content) && Array.isArray(content.respondents) ? content.respondents : [];
    found.set(id, new Set(listed.filter((r): r is string => typeof r === 'string')));
  }
  return found;
}

/** The overlays of every questionnaire's locale files, each language against its base and the others. */
export function checkOverlays(schemaFiles: SchemaFiles, resources: Resources): Problem[] {
  const problems: Problem[] = [];
  for (const [id, respondents] of respondentsOf(schemaFiles)) {
    const ns = questionnaireFormId(id);
    const overlayKeys = new Map<string, Set<string>>();
    for (const lang of LANGS) {
      const words = resources[lang][ns];
      const overlays = isNode(words) ? words[OVERLAYS_KEY] : undefined;
      const file = `locales/${lang}/${ns}.json`;
      const keys = new Set<string>();
      overlayKeys.set(lang, keys);
      // its shape (an object of texts) is the locale file schema's to check (check-authoring-files.ts)
      if (!isNode(overlays)) continue;
      for (const [respondent, texts] of Object.entries(overlays)) {
        const at = `${OVERLAYS_KEY}.${respondent}`;
        if (!respondents.has(respondent)) {
          problems.push({
            file,
            path: at,
            message: `respondent ${respondent} is not in questionnaire.json's respondents (${[...respondents].join(', ') || 'none'})`,
          });
          continue;
        }
        for (const key of leafKeys(texts)) {
          keys.add(`${respondent}.${key}`);
          if (key.startsWith(`${OVERLAYS_KEY}.`) || typeof getPath(words, key) !== 'string')
            problems.push({
              file,
              path: `${at}.${key}`,
              message: `the base texts have no ${key}: an overlay only rewords keys the file has`,
            });
        }
      }
    }
    for (const lang of LANGS) {
      for (const other of LANGS) {
        if (other === lang) continue;
        for (const key of overlayKeys.get(other) ?? []) {
          if (!overlayKeys.get(lang)?.has(key))
            problems.push({
              file: `locales/${lang}/${ns}.json`,
              path: `${OVERLAYS_KEY}.${key}`,
              message: `missing overlay key (present in ${other}): both languages reword the same keys`,
            });
        }
      }
    }
  }
  return problems;
}
