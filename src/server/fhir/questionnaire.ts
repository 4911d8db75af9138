import type { QuestionnaireDefinition } from '../../forms/questionnaires';
import type { Lang } from '../../forms/types';
import type { Coding, PrimitiveExtension, Questionnaire, QuestionnaireItem } from './resources';

/** The texts of a questionnaire in one language as a respondent reads them (the base wording for null). */
export type Texts = (lang: Lang, key: string) => string | undefined;

const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where a questionnaire's generated resources live: its canonical URL and the code system of an item's options. */
export const canonicalOf = (base: string, questionnaireId: string) =>
  `${base}/Questionnaire/${questionnaireId}`;
export const optionSystemOf = (base: string, questionnaireId: string, item: string) =>
  `${base}/CodeSystem/${questionnaireId}-${item}`;

/** How an item is answered, read from its JSON schema: one or several options, free text, a number or yes/no. */
export interface ItemShape {
  type: QuestionnaireItem['type'];
  repeats: boolean;
  options: string[];
}

// a definition is immutable once loaded: each item's shape is read from its schema once
const shapes = new WeakMap<QuestionnaireDefinition, Map<string, ItemShape>>();

export function itemShapeOf(def: QuestionnaireDefinition, item: string): ItemShape {
  const known = shapes.get(def) ?? new Map<string, ItemShape>();
  shapes.set(def, known);
  const shape = known.get(item) ?? readShape(def, item);
  known.set(item, shape);
  return shape;
}

function readShape(def: QuestionnaireDefinition, item: string): ItemShape {
  const properties = isObject(def.schema.properties) ? def.schema.properties : {};
  const property = isObject(properties[item]) ? properties[item] : {};
  const repeats = property.type === 'array';
  const choices = repeats && isObject(property.items) ? property.items : property;
  const listed = Array.isArray(choices.oneOf) ? choices.oneOf : choices.anyOf;
  const options = Array.isArray(choices.enum)
    ? choices.enum.map(String)
    : Array.isArray(listed)
      ? listed.filter((c) => isObject(c) && 'const' in c).map((c) => String((c as { const: unknown }).const))
      : [];
  if (options.length > 0) return { type: 'choice', repeats, options };
  const type =
    property.type === 'integer'
      ? 'integer'
      : property.type === 'number'
        ? 'decimal'
        : property.type === 'boolean'
          ? 'boolean'
          : typeof property.maxLength === 'number' && property.maxLength <= 255
            ? 'string'
            : 'text';
  return { type, repeats: false, options: [] };
}

/** The other languages' texts of one key, as FHIR's translation extension on the primitive's `_` sibling. */
function translations(texts: Texts, langs: readonly Lang[], key: string): PrimitiveExtension | undefined {
  const extension = langs.flatMap((lang) => {
    const content = texts(lang, key);
    return content === undefined
      ? []
      : [
          {
            url: TRANSLATION,
            extension: [
              { url: 'lang', valueCode: lang },
              { url: 'content', valueString: content },
            ],
          },
        ];
  });
  return extension.length > 0 ? { extension } : undefined;
}

/**
 * A generated Questionnaire for one definition version: its canonical URL and version, every item in display
 * order with its options as codings, texts in `lang` (the language the client's responses were given in) and the
 * other languages those responses used as translations. Show-if conditions and groups are not carried (docs/fhir.md).
 */
export function questionnaireOf(
  base: string,
  def: QuestionnaireDefinition,
  id: string,
  lang: Lang,
  others: readonly Lang[],
  texts: Texts,
): Questionnaire {
  const required = new Set(Array.isArray(def.schema.required) ? def.schema.required.map(String) : []);
  const text = (key: string) => texts(lang, key) ?? key;
  const item = def.itemIds.map((linkId): QuestionnaireItem => {
    const shape = itemShapeOf(def, linkId);
    const out: QuestionnaireItem = { linkId, text: text(`${linkId}.label`), type: shape.type };
    const labelTranslations = translations(texts, others, `${linkId}.label`);
    if (labelTranslations) out._text = labelTranslations;
    if (required.has(linkId)) out.required = true;
    if (shape.repeats) out.repeats = true;
    if (shape.options.length > 0) {
      out.answerOption = shape.options.map((code) => {
        const key = `${linkId}.options.${code}`;
        const coding: Coding & { _display?: PrimitiveExtension } = {
          system: optionSystemOf(base, def.id, linkId),
          code,
          display: text(key),
        };
        const displayTranslations = translations(texts, others, key);
        if (displayTranslations) coding._display = displayTranslations;
        return { valueCoding: coding };
      });
    }
    return out;
  });
  const questionnaire: Questionnaire = {
    resourceType: 'Questionnaire',
    id,
    language: lang,
    url: canonicalOf(base, def.id),
    version: String(def.version),
    // a computer-friendly name: letters and digits only, starting with a capital (FHIR's inv-0 rule)
    name: def.id.replace(/(^|-)([a-z0-9])/g, (_m, _dash, c: string) => c.toUpperCase()),
    title: text('_form.title'),
    status: 'active',
    subjectType: ['Patient'],
    item,
  };
  const titleTranslations = translations(texts, others, '_form.title');
  if (titleTranslations) questionnaire._title = titleTranslations;
  const notice = texts(lang, '_licence.notice');
  if (notice) questionnaire.copyright = notice;
  return questionnaire;
}
