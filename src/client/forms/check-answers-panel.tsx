import { forwardRef, type ReactNode } from 'react';
import { focusField } from './focus-field';

export interface CheckAnswersPanelProps {
  /** The panel's DOM id; its title gets `<id>-title`. */
  id: string;
  title: string;
  text: string;
  /** The lists of what to answer or correct, each entry a link to its field. */
  children: ReactNode;
}

/**
 * A refused submit, GOV.UK's 'check your answers' way: a title, what to do, and the list of what is missing,
 * each a link to its field. Takes focus when it appears (the parent focuses it), so it is read out.
 */
export const CheckAnswersPanel = forwardRef<HTMLDivElement, CheckAnswersPanelProps>(
  function CheckAnswersPanel({ id, title, text, children }, ref) {
    return (
      <div
        ref={ref}
        id={id}
        tabIndex={-1}
        role="alert"
        aria-labelledby={`${id}-title`}
        className="mb-8 max-w-3xl border-4 border-red-700 bg-white p-4 sm:p-6"
      >
        <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <p className="mt-2 text-slate-800">{text}</p>
        {children}
      </div>
    );
  },
);

export const FIELD_LINK_CLASS = 'font-semibold text-red-700 underline underline-offset-2 hover:text-red-800';

/** A link of the list that moves focus to a field on this page (the address' anchor when it is not drawn). */
export function FieldLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a
      href={`#${target}`}
      className={FIELD_LINK_CLASS}
      onClick={(event) => {
        if (focusField(target)) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
