import type { TemplatesType } from '@rjsf/utils';
import { BaseInputTemplate } from './base-input-template';
import { buttonTemplates } from './button-templates';
import { ErrorListTemplate } from './error-list-template';
import { FieldTemplate } from './field-template';
import { ObjectFieldTemplate } from './object-field-template';

/** The field template renders errors and hints itself, where GOV.UK puts them. */
function Nothing() {
  return null;
}

/**
 * The renderer's templates; a module-level object so fields are never remounted. The array templates come with
 * the array field, fetched for the forms that have one (fields/array-field.tsx).
 */
export const templates: Partial<TemplatesType> = {
  BaseInputTemplate,
  ButtonTemplates: buttonTemplates as TemplatesType['ButtonTemplates'],
  ErrorListTemplate,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  FieldTemplate,
  ObjectFieldTemplate,
};

export { errorSummaryId } from './error-list-template';
