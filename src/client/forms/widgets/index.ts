import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxGridWidget } from './checkbox-grid-widget';
import { CheckboxWidget } from './checkbox-widget';
import { CountedTextareaWidget } from './counted-textarea-widget';
import { EmailWidget } from './email-widget';
import { type LazyWidget, lazyWidget } from './lazy-widget';
import type { LazyWidgetName } from './lazy-widget-loader';
import { RadioWidget } from './radio-widget';
import { RatingScaleWidget } from './rating-scale-widget';
import { SelectWidget } from './select-widget';
import { TextWidget } from './text-widget';

/**
 * The widgets of a few forms (sign-up, intake), fetched with the forms naming them (ADR 098): a questionnaire,
 * drawn with the widgets every form uses, does not load them (the respondent's page on a phone). The form
 * engine imports this module only for a form naming one (lazy-widget-loader.ts).
 */
export const lazyWidgets = {
  slider: lazyWidget('slider', () => import('./slider-widget').then((m) => m.SliderWidget)),
  multiPick: lazyWidget('multiPick', () => import('./multi-pick-widget').then((m) => m.MultiPickWidget)),
  nationalId: lazyWidget('nationalId', () => import('./national-id-widget').then((m) => m.NationalIdWidget)),
  password: lazyWidget('password', () => import('./password-widget').then((m) => m.PasswordWidget)),
  searchableSelect: lazyWidget('searchableSelect', () =>
    import('./searchable-select-widget').then((m) => m.SearchableSelectWidget),
  ),
  fileUpload: lazyWidget('fileUpload', () => import('./file-upload-widget').then((m) => m.FileUploadWidget)),
  pastDate: lazyWidget('pastDate', () => import('./past-date-widget').then((m) => m.PastDateWidget)),
} satisfies Record<LazyWidgetName, LazyWidget>;

/** Fetches the code of the named widgets that load lazily; the others are already in. */
export function loadWidgets(names: Iterable<string>): Promise<void> {
  const loads = [...new Set(names)].flatMap(
    (name) => (lazyWidgets as Record<string, LazyWidget | undefined>)[name]?.load() ?? [],
  );
  return Promise.all(loads).then(() => undefined);
}

/**
 * Every widget a UI schema may name (`ui:widget`), registered once. A module-level object: a new map per
 * render would remount every field and lose focus.
 */
export const widgets: RegistryWidgetsType = {
  // custom widgets of the product
  slider: lazyWidgets.slider.component,
  ratingScale: RatingScaleWidget,
  checkboxGrid: CheckboxGridWidget,
  multiPick: lazyWidgets.multiPick.component,
  nationalId: lazyWidgets.nationalId.component,
  password: lazyWidgets.password.component,
  searchableSelect: lazyWidgets.searchableSelect.component,
  fileUpload: lazyWidgets.fileUpload.component,
  countedTextarea: CountedTextareaWidget,
  pastDate: lazyWidgets.pastDate.component,
  // RJSF's default names, themed
  TextWidget,
  EmailWidget,
  SelectWidget,
  RadioWidget,
  CheckboxWidget,
  PasswordWidget: lazyWidgets.password.component,
  TextareaWidget: CountedTextareaWidget,
  CheckboxesWidget: CheckboxGridWidget,
  text: TextWidget,
  email: EmailWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  textarea: CountedTextareaWidget,
  checkboxes: CheckboxGridWidget,
};
