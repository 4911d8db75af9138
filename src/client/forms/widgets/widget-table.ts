import type { WidgetName } from '../../../forms/widget-names';

/** How the form engine draws one widget a UI schema may name. */
type WidgetEntry =
  /** Drawn by RJSF for a field's type without being named: always in the bundle. */
  | { kind: 'bundled'; aliases?: readonly string[] }
  /** Drawn only when a UI schema names it: its code is fetched with the forms naming it (ADR 098). */
  | { kind: 'lazy'; aliases?: readonly string[] }
  /** RJSF's own widget, unthemed: nothing of ours is registered under its name. */
  | { kind: 'rjsf' };

/**
 * The widget table: every name `check:forms` lets a UI schema use (`WidgetName`), once, with how it loads and
 * the other names it is registered under (RJSF's `TextWidget`, `textarea`...). The registry (`index.ts`, which
 * gives each name its code, typed from this table) and the lazy loader derive from it. It holds no widget code
 * and no React: the form engine reads it before React has arrived (ADR 101).
 */
export const WIDGET_TABLE = {
  text: { kind: 'bundled', aliases: ['TextWidget'] },
  email: { kind: 'bundled', aliases: ['EmailWidget'] },
  select: { kind: 'bundled', aliases: ['SelectWidget'] },
  radio: { kind: 'bundled', aliases: ['RadioWidget'] },
  checkbox: { kind: 'bundled', aliases: ['CheckboxWidget'] },
  hidden: { kind: 'rjsf' },
  slider: { kind: 'lazy' },
  ratingScale: { kind: 'lazy' },
  checkboxGrid: { kind: 'lazy', aliases: ['checkboxes', 'CheckboxesWidget'] },
  multiPick: { kind: 'lazy' },
  nationalId: { kind: 'lazy' },
  password: { kind: 'lazy', aliases: ['PasswordWidget'] },
  searchableSelect: { kind: 'lazy' },
  fileUpload: { kind: 'lazy' },
  countedTextarea: { kind: 'lazy', aliases: ['textarea', 'TextareaWidget'] },
  pastDate: { kind: 'lazy' },
} as const satisfies Record<WidgetName, WidgetEntry>;

type Table = typeof WIDGET_TABLE;
type NamesOf<Kind extends WidgetEntry['kind']> = {
  [Name in keyof Table]: Table[Name]['kind'] extends Kind ? Name : never;
}[keyof Table];

export type LazyWidgetName = NamesOf<'lazy'>;
export type BundledWidgetName = NamesOf<'bundled'>;

/** The names a widget is registered under: its own and its aliases (none for RJSF's own). */
export function registeredNames(name: WidgetName): string[] {
  const entry: WidgetEntry = WIDGET_TABLE[name];
  return entry.kind === 'rjsf' ? [] : [name, ...(entry.aliases ?? [])];
}

export const LAZY_WIDGET_NAMES = (Object.keys(WIDGET_TABLE) as WidgetName[]).filter(
  (name): name is LazyWidgetName => WIDGET_TABLE[name].kind === 'lazy',
);

/** Every name a lazy widget is registered under, to its table name. */
const LAZY_BY_ANY_NAME = new Map(
  LAZY_WIDGET_NAMES.flatMap((name) => registeredNames(name).map((any) => [any, name] as const)),
);

/** The lazily loaded widget a UI schema's name stands for, if any. */
export function lazyWidgetNamed(name: string): LazyWidgetName | undefined {
  return LAZY_BY_ANY_NAME.get(name);
}
