/**
 * The widget names a UI schema may use. The client's widget table (`widget-table.ts`) has exactly one entry
 * per name (the type checker holds the two together), and `check:forms` refuses any other name.
 */
export const WIDGET_NAMES = [
  'text',
  'email',
  'select',
  'radio',
  'checkbox',
  'hidden',
  'slider',
  'ratingScale',
  'checkboxGrid',
  'multiPick',
  'nationalId',
  'password',
  'searchableSelect',
  'fileUpload',
  'countedTextarea',
  'pastDate',
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
