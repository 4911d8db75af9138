import { useTranslation } from 'react-i18next';
import type { ManifestPart } from '../../../forms';
import { ButtonLink } from '../../components/button';
import { useFormEngine } from '../../forms/engine-context';
import { type IntakeRecord, sectionOf } from './api/types';
import { sectionPath, useFormText, useLang } from './intake-parts';
import { type SummaryValue, summarizeSection } from './summary-model';

/** One section of the summary: its answers grouped as the form shows them, with a link to edit a draft. */
export function SummarySection({
  record,
  part,
  editable,
}: {
  record: IntakeRecord;
  part: ManifestPart;
  editable: boolean;
}) {
  const { t } = useTranslation('intake');
  const lang = useLang();
  const formText = useFormText();
  const pinned = record.forms?.[part.key] ?? { form: part.form, version: part.version };
  const engine = useFormEngine({ forms: [pinned] });
  const form = engine.registry.get(pinned.form, pinned.version);
  const data = sectionOf(record, part.key);
  const title = formText(form.id, 'title');
  const headingId = `summary-${part.key}`;
  const groups = data
    ? summarizeSection(form.schema, engine.uiSchema(form.id, form.version, lang), data, {
        lang,
        outOf: (value, max) => t('summary.outOf', { value, max }),
      })
    : [];

  return (
    <section
      data-summary-section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm print:border-0 print:p-0 print:shadow-none"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {editable && (
          <ButtonLink to={sectionPath(record.id, part)} variant="quiet" data-print-hidden>
            {t('summary.edit', { section: formText(form.id, 'shortTitle') })}
          </ButtonLink>
        )}
      </div>
      {!data && <p className="mt-3 text-slate-700">{t('summary.notFilled')}</p>}
      {groups.map((group, index) => (
        <div key={group.title ?? index} className="mt-4">
          {group.title && <h3 className="mb-2 text-lg font-semibold text-slate-800">{group.title}</h3>}
          <dl className="grid gap-x-6 gap-y-3 md:grid-cols-[minmax(12rem,1fr)_2fr]">
            {group.fields.map((field) => (
              <div key={field.name} className="contents">
                <dt className="font-semibold text-slate-700">{field.label}</dt>
                <dd className="max-w-[70ch] break-words whitespace-pre-line text-slate-900">
                  <SummaryValueView value={field.value} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}

function SummaryValueView({ value }: { value: SummaryValue }) {
  const { t } = useTranslation('intake');
  if (value.kind === 'empty') return <span className="text-slate-600 italic">{t('summary.noAnswer')}</span>;
  if (value.kind === 'text') return <>{value.text}</>;
  if (value.kind === 'list') {
    if (value.items.length === 0) return <span className="text-slate-600">{t('summary.none')}</span>;
    return (
      <ul className="list-disc space-y-1 pl-5">
        {value.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if (value.rows.length === 0) return <span className="text-slate-600">{t('summary.none')}</span>;
  return (
    <ol className="space-y-3">
      {value.rows.map((row) => (
        <li key={row.title} className="rounded-md border border-slate-200 p-3">
          <p className="font-semibold">{row.title}</p>
          <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            {row.fields.map((field) => (
              <div key={field.name} className="contents">
                <dt className="text-slate-700">{field.label}</dt>
                <dd>
                  <SummaryValueView value={field.value} />
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
