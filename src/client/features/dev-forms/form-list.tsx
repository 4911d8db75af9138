import type { FormDefinition } from '../../../forms';

interface FormListProps {
  forms: FormDefinition[];
  selected?: FormDefinition;
  onSelect: (form: FormDefinition) => void;
}

/** Every discovered form version, grouped by area (the first segment of the id). */
export function FormList({ forms, selected, onSelect }: FormListProps) {
  const areas = new Map<string, FormDefinition[]>();
  for (const form of forms) {
    const area = form.id.split('/')[0] ?? form.id;
    areas.set(area, [...(areas.get(area) ?? []), form]);
  }
  return (
    <nav aria-label="Forms" className="space-y-4">
      {[...areas].map(([area, list]) => (
        <div key={area}>
          <h2 className="text-sm font-bold uppercase tracking-wide text-slate-600">{area}</h2>
          <ul className="mt-1">
            {list.map((form) => {
              const current = form === selected;
              return (
                <li key={`${form.id}@${form.version}`}>
                  <button
                    type="button"
                    aria-current={current ? 'page' : undefined}
                    onClick={() => onSelect(form)}
                    className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-md px-3 text-left ${
                      current ? 'bg-accent-700 text-white' : 'hover:bg-slate-200'
                    }`}
                  >
                    <span>{form.id.slice(area.length + 1) || form.id}</span>{' '}
                    <span className="text-sm opacity-80">v{form.version}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
