import { replaceStringParameters, TranslatableString } from '@rjsf/utils';
import type { TFunction } from 'i18next';

/** RJSF's English string -> its enum member name, which is the locale key: `rjsf.<name>`. */
const NAME_BY_ENGLISH = new Map<string, string>(
  Object.entries(TranslatableString).map(([name, english]) => [english, name]),
);

/**
 * RJSF's `translateString` for one language: `widgets:rjsf.<TranslatableString>`, with RJSF's `%1`
 * parameters, falling back to RJSF's English.
 */
export function createRjsfTranslator(t: TFunction) {
  return (text: TranslatableString, params?: string[]): string => {
    const name = NAME_BY_ENGLISH.get(text);
    const template = name ? t(`rjsf.${name}`, { ns: 'widgets', defaultValue: text }) : text;
    return replaceStringParameters(template, params);
  };
}
