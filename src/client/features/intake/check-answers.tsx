import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SectionState } from '../../../shared';
import { CheckAnswersPanel, FIELD_LINK_CLASS, FieldLink } from '../../forms/check-answers-panel';
import { fieldIdFor } from '../../forms/focus-field';
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
    <CheckAnswersPanel
      ref={ref}
      id="intake-check-answers"
      title={t('checkAnswers.title')}
      text={t('checkAnswers.text')}
    >
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
                      <FieldLink target={target}>{label}</FieldLink>
                    ) : (
                      <Link
                        to={sectionPath(recordId, part)}
                        state={{ focusField: field.path } satisfies FocusOnArrival}
                        className={FIELD_LINK_CLASS}
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
    </CheckAnswersPanel>
  );
});
