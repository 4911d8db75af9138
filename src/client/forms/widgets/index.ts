import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxGridWidget } from './checkbox-grid-widget';
import { CheckboxWidget } from './checkbox-widget';
import { CountedTextareaWidget } from './counted-textarea-widget';
import { EmailWidget } from './email-widget';
import { FileUploadWidget } from './file-upload-widget';
import { MultiPickWidget } from './multi-pick-widget';
import { NationalIdWidget } from './national-id-widget';
import { PasswordWidget } from './password-widget';
import { PastDateWidget } from './past-date-widget';
import { RadioWidget } from './radio-widget';
import { RatingScaleWidget } from './rating-scale-widget';
import { SearchableSelectWidget } from './searchable-select-widget';
import { SelectWidget } from './select-widget';
import { SliderWidget } from './slider-widget';
import { TextWidget } from './text-widget';

/**
 * Every widget a UI schema may name (`ui:widget`), registered once. A module-level object: a new map per
 * render would remount every field and lose focus.
 */
export const widgets: RegistryWidgetsType = {
  // custom widgets of the product
  slider: SliderWidget,
  ratingScale: RatingScaleWidget,
  checkboxGrid: CheckboxGridWidget,
  multiPick: MultiPickWidget,
  nationalId: NationalIdWidget,
  password: PasswordWidget,
  searchableSelect: SearchableSelectWidget,
  fileUpload: FileUploadWidget,
  countedTextarea: CountedTextareaWidget,
  pastDate: PastDateWidget,
  // RJSF's default names, themed
  TextWidget,
  EmailWidget,
  SelectWidget,
  RadioWidget,
  CheckboxWidget,
  PasswordWidget,
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
