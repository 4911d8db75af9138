import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import type { SchemaFormContext } from '../form-context';
import { useFormText } from '../form-text';
import { inputClass } from '../styles';
import { searchEntries, searchKey } from './search-key';

interface Choice {
  value: string;
  label: string;
}

function choicesOf(options: WidgetProps['options']): Choice[] {
  if (Array.isArray(options.suggestions)) {
    const labels = (options.suggestionLabels ?? {}) as Record<string, string>;
    return (options.suggestions as unknown[]).map((s) => ({
      value: String(s),
      label: labels[String(s)] ?? String(s),
    }));
  }
  return (options.enumOptions ?? []).map((o) => ({ value: String(o.value), label: o.label }));
}

/**
 * A combobox with a filtered list (ARIA 1.2 combobox pattern) over `ui:options.suggestions` or the enum:
 * type to filter (case, Turkish letters and accents ignored; `formContext.searchAliases` adds short names such
 * as ODTÜ or METU to a choice), Up/Down to move, Enter to choose, Escape to close. The field's value is
 * only ever a chosen option. The empty-list text is `ui:options.emptyKey` of the widgets namespace.
 */
export function SearchableSelectWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    options,
    disabled,
    readonly,
    placeholder,
    required,
    onChange,
    onBlur,
    onFocus,
  } = props;
  const t = useFormText();
  const listId = useId();
  const statusId = useId();
  const { suggestions, suggestionLabels, enumOptions } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the three options are all choicesOf reads
  const choices = useMemo(() => choicesOf(options), [suggestions, suggestionLabels, enumOptions]);
  const selected = choices.find((c) => c.value === value);
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLDivElement>(null);

  const text = query ?? selected?.label ?? (typeof value === 'string' ? value : '');
  const aliases = (props.registry.formContext as SchemaFormContext | undefined)?.searchAliases;
  const entries = useMemo(
    () =>
      choices.map((choice) => ({
        item: choice,
        keys: [choice.label, ...(aliases?.[choice.value] ?? [])].map(searchKey),
      })),
    [choices, aliases],
  );
  const filtered = useMemo(
    () => (query === undefined ? choices : searchEntries(entries, query)),
    [choices, entries, query],
  );
  const hasError = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  const emptyKey = typeof options.emptyKey === 'string' ? options.emptyKey : 'searchableSelect.noResults';
  const locked = disabled || readonly;

  const choose = (choice: Choice) => {
    onChange(choice.value);
    setQuery(undefined);
    setOpen(false);
    setActive(-1);
  };
  const move = (next: number) => {
    setOpen(true);
    setActive(next);
    list.current?.children[next]?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (locked) return;
    const last = filtered.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (last >= 0) move(!open ? Math.max(0, active) : active >= last ? 0 : active + 1);
        else setOpen(true);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (last >= 0) move(active <= 0 ? last : active - 1);
        break;
      case 'Enter': {
        const choice = open ? filtered[active] : undefined;
        if (choice) {
          event.preventDefault();
          choose(choice);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (query !== undefined) {
          event.preventDefault();
          setQuery(undefined);
        }
        break;
      default:
    }
  };

  const expanded = open && !locked;
  const activeId = expanded && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div className="relative max-w-xl">
      <input
        id={id}
        name={htmlName || id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-required={required || undefined}
        aria-invalid={hasError || undefined}
        aria-describedby={`${ariaDescribedByIds(id)} ${statusId}`}
        autoComplete="off"
        className={inputClass(hasError)}
        placeholder={placeholder || t('searchableSelect.placeholder')}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        onChange={(event) => {
          const next = event.target.value;
          setQuery(next);
          setOpen(true);
          setActive(-1);
          // typing away from the chosen option un-chooses it: only listed options are values
          if (value !== undefined) onChange(options.emptyValue);
        }}
        onClick={() => !locked && setOpen(true)}
        onKeyDown={onKeyDown}
        onFocus={(event) => onFocus(id, event.target.value)}
        onBlur={() => {
          // an exact (case-insensitive) match of a typed name counts as choosing it
          if (query !== undefined) {
            const exact = choices.find((c) => searchKey(c.label) === searchKey(query.trim()));
            if (exact) choose(exact);
          }
          setOpen(false);
          onBlur(id, value);
        }}
      />
      <div
        id={listId}
        ref={list}
        role="listbox"
        aria-label={props.label}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md border-2 border-slate-600 bg-white py-1 shadow-lg"
      >
        {filtered.map((choice, index) => (
          <div
            key={choice.value}
            id={`${listId}-${index}`}
            role="option"
            // focus stays in the input (aria-activedescendant); options are never tab stops
            tabIndex={-1}
            aria-selected={choice.value === value}
            className={`flex min-h-11 cursor-pointer items-center px-3 ${
              index === active ? 'bg-accent-700 text-white' : 'hover:bg-slate-100'
            } ${choice.value === value ? 'font-semibold' : ''}`}
            // mousedown, not click: it must win over the input's blur
            onMouseDown={(event) => {
              event.preventDefault();
              choose(choice);
            }}
          >
            {choice.label}
          </div>
        ))}
      </div>
      {expanded && filtered.length === 0 && (
        <p className="absolute z-20 mt-1 w-full rounded-md border-2 border-slate-600 bg-white px-3 py-3 text-slate-700 shadow-lg">
          {t(emptyKey)}
        </p>
      )}
      <p id={statusId} className="sr-only" aria-live="polite">
        {expanded
          ? filtered.length === 0
            ? t(emptyKey)
            : t('searchableSelect.results', { count: filtered.length })
          : ''}
      </p>
    </div>
  );
}
