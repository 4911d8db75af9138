/**
 * The Turkish form-of-address check of check:forms (locales/tr/README.md, Style): practitioners, guardians and
 * teachers are "siz"; a young person answering (respondent `self`) is "sen", in the questionnaire and in the
 * respondent page's own words (`respond.json` under `_respondents.self`). A text for one that carries a marker of
 * the other is a problem. The markers are the unambiguous ones (pronouns, "-ınız" endings, "-sin" verb endings);
 * an imperative such as "girin" / "gir" is not told apart.
 */
import { getPath, isNode, leafKeys, type Problem } from './check-walk';
import { type LocaleFiles, localePath, OVERLAYS_KEY } from './locales';
import { evaluateCondition } from './questionnaires/conditions';
import type { Condition } from './questionnaires/types';
import { RESPONDENT_VAR } from './questionnaires/visibility';
import { type SchemaFiles, schemaPath } from './registry';

type Address = 'siz' | 'sen';

const LETTER = 'a-zçğıöşüâîû';
const MARKERS: Record<Address, RegExp> = {
  siz: new RegExp(
    `(?<![${LETTER}])(siz|size|sizi|sizin|sizden|sizinle|sizce)(?![${LETTER}])|[${LETTER}]*(ınız|iniz|unuz|ünüz)[${LETTER}]*`,
    'u',
  ),
  sen: new RegExp(
    `(?<![${LETTER}])(sen|sana|seni|senin|senden|seninle|sence)(?![${LETTER}])|[${LETTER}]*(değilsin|yorsun|yorsün|abilirsin|ebilirsin|malısın|melisin|acaksın|eceksin)(?![${LETTER}])`,
    'u',
  ),
};

/** The word of `text` that addresses the reader as the other form than `expected`, if any. */
export function wrongAddress(text: string, expected: Address): string | undefined {
  const other: Address = expected === 'siz' ? 'sen' : 'siz';
  return MARKERS[other].exec(text.toLocaleLowerCase('tr'))?.[0];
}

const addressOf = (respondent: string): Address => (respondent === 'self' ? 'sen' : 'siz');

/** Keys of a questionnaire's locale file the respondent never reads (the practitioner's scales and flags). */
const PRACTITIONER_KEYS = /^(_scales|_flags|_licence|\$schema)(\.|$)/;

const QUESTIONNAIRE_LOCALE = /^tr\/questionnaires\/(?<id>[^/]+)\.json$/;
const META_FILE = /^questionnaires\/(?<id>[^/]+)\/questionnaire\.json$/;
const SCORING_FILE = /^questionnaires\/(?<id>[^/]+)\/v\d+\.scoring\.v\d+\.json$/;

/** The names a condition reads (`{"var": "x"}`). */
function varsOf(condition: unknown): string[] {
  if (Array.isArray(condition)) return condition.flatMap(varsOf);
  if (!isNode(condition)) return [];
  if (typeof condition.var === 'string') return [condition.var];
  return Object.values(condition).flatMap(varsOf);
}

/**
 * Items each questionnaire shows only by who answers (`showIf` on `_respondent` alone), with the conditions of
 * every scoring file: an item is kept from a respondent only when every file's condition keeps it from them.
 */
function respondentConditions(schemaFiles: SchemaFiles): Map<string, Map<string, Condition[]>> {
  const found = new Map<string, Map<string, Condition[]>>();
  for (const [key, content] of Object.entries(schemaFiles)) {
    const id = SCORING_FILE.exec(schemaPath(key))?.groups?.id;
    if (!id || !isNode(content) || !isNode(content.showIf) || !isNode(content.showIf.items)) continue;
    const items = found.get(id) ?? new Map<string, Condition[]>();
    for (const [item, condition] of Object.entries(content.showIf.items)) {
      if (!varsOf(condition).every((name) => name === RESPONDENT_VAR)) continue;
      items.set(item, [...(items.get(item) ?? []), condition as Condition]);
    }
    found.set(id, items);
  }
  return found;
}

/** Every Turkish text addressed to the wrong form for whom it is written. */
export function checkAddress(schemaFiles: SchemaFiles, localeFiles: LocaleFiles): Problem[] {
  const respondents = new Map<string, string[]>();
  for (const [key, content] of Object.entries(schemaFiles)) {
    const id = META_FILE.exec(schemaPath(key))?.groups?.id;
    if (id && isNode(content) && Array.isArray(content.respondents))
      respondents.set(
        id,
        content.respondents.filter((r): r is string => typeof r === 'string'),
      );
  }
  const conditions = respondentConditions(schemaFiles);
  const unread = (id: string, respondent: string, key: string) => {
    const shownIf = conditions.get(id)?.get(key.split('.')[0] ?? '');
    return !!shownIf && shownIf.every((c) => !evaluateCondition(c, { [RESPONDENT_VAR]: respondent }));
  };
  const problems: Problem[] = [];
  const check = (file: string, path: string, text: unknown, expected: Address, reader: string) => {
    if (typeof text !== 'string') return;
    const word = wrongAddress(text, expected);
    if (word)
      problems.push({
        file,
        path,
        message: `"${word}" addresses ${reader} as "${expected === 'siz' ? 'sen' : 'siz'}": use "${expected}" (locales/tr/README.md)`,
      });
  };
  for (const [key, tree] of Object.entries(localeFiles)) {
    const path = localePath(key);
    if (!path.startsWith('tr/') || !isNode(tree)) continue;
    const file = `locales/${path}`;
    const overlays = isNode(tree[OVERLAYS_KEY]) ? tree[OVERLAYS_KEY] : {};
    const base = leafKeys(tree).filter((k) => !k.startsWith(`${OVERLAYS_KEY}.`));
    const id = QUESTIONNAIRE_LOCALE.exec(path)?.groups?.id;
    if (id) {
      // each respondent reads the base texts their overlay does not reword, and their overlay
      for (const respondent of respondents.get(id) ?? []) {
        const overlay = overlays[respondent];
        const reader = `the ${respondent} respondent`;
        for (const k of base) {
          if (PRACTITIONER_KEYS.test(k) || getPath(overlay, k) !== undefined || unread(id, respondent, k))
            continue;
          check(file, `$.${k}`, getPath(tree, k), addressOf(respondent), reader);
        }
        for (const k of leafKeys(overlay))
          check(
            file,
            `$.${OVERLAYS_KEY}.${respondent}.${k}`,
            getPath(overlay, k),
            addressOf(respondent),
            reader,
          );
      }
      continue;
    }
    // every other text is read by an adult; respond.json's overlays by the respondent they name
    for (const k of base) check(file, `$.${k}`, getPath(tree, k), 'siz', 'an adult reader');
    for (const [respondent, overlay] of Object.entries(overlays))
      for (const k of leafKeys(overlay))
        check(
          file,
          `$.${OVERLAYS_KEY}.${respondent}.${k}`,
          getPath(overlay, k),
          addressOf(respondent),
          `the ${respondent} respondent`,
        );
  }
  return problems;
}
