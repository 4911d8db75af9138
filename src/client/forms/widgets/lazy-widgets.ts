import { type LazyWidget, lazyWidget } from './lazy-widget';

/**
 * The widgets of a few forms (sign-up, intake), fetched with the forms naming them (ADR 097): a questionnaire,
 * drawn with the widgets every form uses, does not load them (the respondent's page on a phone). A module of
 * its own: the form engine asks for them without importing the eager widgets (and React's renderer with them).
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
} satisfies Record<string, LazyWidget>;

/** Fetches the code of the named widgets that load lazily; the others are already in. */
export function loadWidgets(names: Iterable<string>): Promise<void> {
  const loads = [...new Set(names)].flatMap(
    (name) => (lazyWidgets as Record<string, LazyWidget | undefined>)[name]?.load() ?? [],
  );
  return Promise.all(loads).then(() => undefined);
}
