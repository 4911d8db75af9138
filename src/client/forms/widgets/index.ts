import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxWidget } from './checkbox-widget';
import { EmailWidget } from './email-widget';
import { type LazyWidget, lazyWidget } from './lazy-widget';
import type { LazyWidgetName } from './lazy-widget-loader';
import { RadioWidget } from './radio-widget';
import { SelectWidget } from './select-widget';
import { TextWidget } from './text-widget';

/**
 * The widgets a form names to be drawn at all (RJSF never picks them by a field's type), fetched with the forms
 * naming them (ADR 098): a questionnaire of choices does not load the intake's text areas, scales or uploads
 * (the respondent's page on a phone). The form engine imports this module only for a form naming one
 * (lazy-widget-loader.ts).
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
  ratingScale: lazyWidget('ratingScale', () =>
    import('./rating-scale-widget').then((m) => m.RatingScaleWidget),
  ),
  checkboxGrid: lazyWidget('checkboxGrid', () =>
    import('./checkbox-grid-widget').then((m) => m.CheckboxGridWidget),
  ),
  countedTextarea: lazyWidget('countedTextarea', () =>
    import('./counted-textarea-widget').then((m) => m.CountedTextareaWidget),
  ),
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
  ratingScale: lazyWidgets.ratingScale.component,
  checkboxGrid: lazyWidgets.checkboxGrid.component,
  multiPick: lazyWidgets.multiPick.component,
  nationalId: lazyWidgets.nationalId.component,
  password: lazyWidgets.password.component,
  searchableSelect: lazyWidgets.searchableSelect.component,
  fileUpload: lazyWidgets.fileUpload.component,
  countedTextarea: lazyWidgets.countedTextarea.component,
  pastDate: lazyWidgets.pastDate.component,
  // RJSF's default names, themed
  TextWidget,
  EmailWidget,
  SelectWidget,
  RadioWidget,
  CheckboxWidget,
  PasswordWidget: lazyWidgets.password.component,
  TextareaWidget: lazyWidgets.countedTextarea.component,
  CheckboxesWidget: lazyWidgets.checkboxGrid.component,
  text: TextWidget,
  email: EmailWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  textarea: lazyWidgets.countedTextarea.component,
  checkboxes: lazyWidgets.checkboxGrid.component,
};
