import type { FieldError } from '../../../forms';

/** One validation run's errors, as an author wants to read them: path, rule, message. */
export function ValidationOutput({ title, errors }: { title: string; errors: FieldError[] }) {
  return (
    <section aria-label={title} className="rounded-md border border-slate-300 bg-white p-3">
      <h3 className="font-semibold">
        {title}:{' '}
        {errors.length === 0 ? <span className="text-green-800">valid</span> : `${errors.length} errors`}
      </h3>
      {errors.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {errors.map((e) => (
            <li key={`${e.path}|${e.rule}`}>
              <code className="text-slate-700">
                {e.path || '(form)'} · {e.rule}
              </code>{' '}
              {e.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
