import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SectionState } from '../../../shared';
import { fieldIdFor, focusField } from '../../forms/focus-field';
import { sectionPath, useFormText } from './intake-parts';
import { stateOf } from './section-state';
import type { MissingSection } from './submit-check';

/** Router state of a link from the list: the section opens with its errors shown and focus on the field. */
export interface FocusOnArrival {
  focusField: string;
}

/** The DOM id prefix of a section's form fields. */
export const sectionIdPrefix = (key: string) => `intake_${key}`;

export interface CheckAnswersProps {
  missing: MissingSection[];
  /** The record's id; without one (never saved) other sections cannot be linked. */
  recordId: string | undefined;
  /** The section on screen: its links move focus in place. */
  currentKey: string;
  /** The server's section states: a section not started is one link, not a message per field. */
  states?: Readonly<Record<string, SectionState>>;
}

/**
 * A refused submit, GOV.UK's 'check your answers' way: what is missing or wrong, per section, each message a
 * link that opens its section and focuses its field. Takes focus when it appears (the parent focuses it).
 */
export const CheckAnswers = forwardRef<HTMLDivElement, CheckAnswersProps>(function CheckAnswers(
  { missing, recordId, currentKey, states },
  ref,
) {
  const { t } = useTranslation('intake');
  const formText = useFormText();
  return (
    <div
      ref={ref}
      id="intake-check-answers"
      tabIndex={-1}
      role="alert"
      aria-labelledby="intake-check-answers-title"
      className="mb-8 max-w-3xl border-4 border-red-700 bg-white p-4 sm:p-6"
    >
      <h2 id="intake-check-answers-title" className="text-xl font-bold text-slate-900">
        {t('checkAnswers.title')}
      </h2>
      <p className="mt-2 text-slate-800">{t('checkAnswers.text')}</p>
      {missing.map(({ part, fields: all }) => {
        const current = part.key === currentKey;
        const notStarted = !current && stateOf(states, part.key) === 'empty';
        const fields = notStarted ? [{ path: '', message: '' }] : all;
        const prefix = sectionIdPrefix(part.key);
        return (
          <section key={part.key} className="mt-4" aria-labelledby={`check-${part.key}`}>
            <h3 id={`check-${part.key}`} className="text-lg font-semibold text-slate-900">
              {formText(part.form, 'title')}{' '}
              <span className="font-normal text-slate-700">
                (
                {notStarted
                  ? t('checkAnswers.notStarted')
                  : t('checkAnswers.count', { count: fields.length })}
                )
              </span>
            </h3>
            <ul className="mt-2 space-y-2">
              {fields.map((field) => {
                const target = fieldIdFor(field.path, prefix);
                const label = notStarted ? t('checkAnswers.openSection') : field.message;
                return (
                  <li key={`${field.path}|${field.message}`}>
                    {current || !recordId ? (
                      <a
                        href={`#${target}`}
                        className="font-semibold text-red-700 underline underline-offset-2 hover:text-red-800"
                        onClick={(event) => {
                          if (focusField(target)) event.preventDefault();
                        }}
                      >
                        {label}
                      </a>
                    ) : (
                      <Link
                        to={sectionPath(recordId, part)}
                        state={{ focusField: field.path } satisfies FocusOnArrival}
                        className="font-semibold text-red-700 underline underline-offset-2 hover:text-red-800"
                      >
                        {label}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
});
