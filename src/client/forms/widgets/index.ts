import type { RegistryWidgetsType, Widget } from '@rjsf/utils';
import type { WidgetName } from '../../../forms/widget-names';
import { CheckboxWidget } from './checkbox-widget';
import { EmailWidget } from './email-widget';
import { type LazyWidget, lazyWidget } from './lazy-widget';
import { RadioWidget } from './radio-widget';
import { SelectWidget } from './select-widget';
import { TextWidget } from './text-widget';
import {
  type BundledWidgetName,
  LAZY_WIDGET_NAMES,
  type LazyWidgetName,
  registeredNames,
  WIDGET_TABLE,
} from './widget-table';

/** Widgets RJSF draws for a field's type without being named: in the bundle with SchemaForm. */
const bundledWidgets = {
  text: TextWidget,
  email: EmailWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
} satisfies Record<BundledWidgetName, Widget>;

/**
 * The widgets a form names to be drawn at all (RJSF never picks them by a field's type), fetched with the forms
 * naming them (ADR 098): a questionnaire of choices does not load the intake's text areas, scales or uploads
 * (the respondent's page on a phone). The form engine imports this module only for a form naming one
 * (lazy-widget-loader.ts).
 */
export const lazyWidgets = lazyWidgetsOf({
  slider: () => import('./slider-widget').then((m) => m.SliderWidget),
  ratingScale: () => import('./rating-scale-widget').then((m) => m.RatingScaleWidget),
  checkboxGrid: () => import('./checkbox-grid-widget').then((m) => m.CheckboxGridWidget),
  multiPick: () => import('./multi-pick-widget').then((m) => m.MultiPickWidget),
  nationalId: () => import('./national-id-widget').then((m) => m.NationalIdWidget),
  password: () => import('./password-widget').then((m) => m.PasswordWidget),
  searchableSelect: () => import('./searchable-select-widget').then((m) => m.SearchableSelectWidget),
  fileUpload: () => import('./file-upload-widget').then((m) => m.FileUploadWidget),
  countedTextarea: () => import('./counted-textarea-widget').then((m) => m.CountedTextareaWidget),
  pastDate: () => import('./past-date-widget').then((m) => m.PastDateWidget),
});

function lazyWidgetsOf(importers: Record<LazyWidgetName, () => Promise<Widget>>) {
  return Object.fromEntries(
    LAZY_WIDGET_NAMES.map((name) => [name, lazyWidget(name, importers[name])]),
  ) as Record<LazyWidgetName, LazyWidget>;
}

/** Fetches the code of the named widgets that load lazily; the others are already in. */
export function loadWidgets(names: Iterable<string>): Promise<void> {
  const loads = [...new Set(names)].flatMap(
    (name) => (lazyWidgets as Record<string, LazyWidget | undefined>)[name]?.load() ?? [],
  );
  return Promise.all(loads).then(() => undefined);
}

/** Each widget of ours by its table name. */
const components: Record<BundledWidgetName | LazyWidgetName, Widget> = {
  ...bundledWidgets,
  ...(Object.fromEntries(LAZY_WIDGET_NAMES.map((name) => [name, lazyWidgets[name].component])) as Record<
    LazyWidgetName,
    Widget
  >),
};

/**
 * Every widget a UI schema may name (`ui:widget`), under each of its names in the widget table, registered once.
 * A module-level object: a new map per render would remount every field and lose focus.
 */
export const widgets: RegistryWidgetsType = Object.fromEntries(
  (Object.keys(WIDGET_TABLE) as WidgetName[]).flatMap((name) =>
    registeredNames(name).map((registered) => [registered, components[name as keyof typeof components]]),
  ),
);
