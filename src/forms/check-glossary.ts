/**
 * The Turkish glossary check of check:forms: `locales/tr/README.md` holds one table of concepts, and a
 * Turkish text that uses a word of its "Not" column is a problem naming the word to use instead.
 */
import { type Problem, walk } from './check-walk';
import { type LocaleFiles, localePath } from './locales';

/** One row of the glossary: the word to use for a concept, and the words that must not stand for it. */
export interface GlossaryRule {
  concept: string;
  use: string;
  avoid: string[];
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/** The rows of the first table whose header has "Concept", "Turkish" and "Not" columns. */
export function readGlossary(markdown: string): GlossaryRule[] {
  const lines = markdown.split('\n').filter((line) => line.trim().startsWith('|'));
  const header = lines.length > 0 ? cells(lines[0] ?? '') : [];
  const [concept, use, avoid] = ['Concept', 'Turkish', 'Not'].map((name) => header.indexOf(name));
  if (concept === undefined || use === undefined || avoid === undefined || Math.min(concept, use, avoid) < 0)
    return [];
  return lines.slice(2).map((line) => {
    const row = cells(line);
    return {
      concept: row[concept] ?? '',
      use: row[use] ?? '',
      avoid: (row[avoid] ?? '')
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean),
    };
  });
}

const lower = (text: string) => text.toLocaleLowerCase('tr');
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every Turkish text (`tr/…` locale files) that uses an avoided word at the start of a word. */
export function checkGlossary(localeFiles: LocaleFiles, rules: GlossaryRule[]): Problem[] {
  const patterns = rules.flatMap((rule) =>
    rule.avoid.map((word) => ({
      rule,
      word,
      pattern: new RegExp(`(?<![\\p{L}\\p{N}])${literal(lower(word))}`, 'u'),
    })),
  );
  const problems: Problem[] = [];
  for (const [key, tree] of Object.entries(localeFiles)) {
    const file = `locales/${localePath(key)}`;
    if (!file.startsWith('locales/tr/')) continue;
    walk(tree, '$', (value, at) => {
      if (typeof value !== 'string') return;
      const text = lower(value);
      for (const { rule, word, pattern } of patterns) {
        if (pattern.test(text))
          problems.push({
            file,
            path: at,
            message: `"${word}" is not the glossary's word for ${rule.concept}: use "${rule.use}" (locales/tr/README.md)`,
          });
      }
    });
  }
  return problems;
}
