import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxGridWidget } from './checkbox-grid-widget';
import { CheckboxWidget } from './checkbox-widget';
import { CountedTextareaWidget } from './counted-textarea-widget';
import { EmailWidget } from './email-widget';
import { lazyWidgets } from './lazy-widgets';
import { RadioWidget } from './radio-widget';
import { RatingScaleWidget } from './rating-scale-widget';
import { SelectWidget } from './select-widget';
import { TextWidget } from './text-widget';

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

export { lazyWidgets, loadWidgets } from './lazy-widgets';
