import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '../styles';

const PARAGRAPHS = ['intro', 'purpose', 'processing', 'retention', 'rights', 'consent'] as const;

interface KvkkConsentDialogProps {
  onAccept: () => void;
  onCancel: () => void;
}

/**
 * The KVKK explicit-consent modal (Turkish in every interface language, as the spec asks): Vazgeç cancels,
 * Kabul Ediyorum accepts. Focus stays inside while it is open; Escape cancels. Its text is the `kvkk`
 * namespace, fetched when the national ID field is drawn (ADR 009); until it is in, the dialog says so and
 * offers only cancelling.
 */
export function KvkkConsentDialog({ onAccept, onCancel }: KvkkConsentDialogProps) {
  // no Suspense: suspending would swap the whole form for a loading block behind the dialog
  const { t, ready } = useTranslation('kvkk', { useSuspense: false });
  const { t: tc } = useTranslation('common');
  const titleId = useId();
  const bodyId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    // keep Tab inside the modal
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button, [tabindex="0"]')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/60 p-0 sm:items-center sm:p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        lang="tr"
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="flex max-h-[90vh] w-full max-w-2xl flex-col rounded-t-lg bg-white shadow-xl sm:rounded-lg"
      >
        <h2 id={titleId} className="border-b border-slate-200 px-6 py-4 text-xl font-bold">
          {ready ? t('title') : 'KVKK'}
        </h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long text must be scrollable by keyboard */}
        <div id={bodyId} tabIndex={0} className="space-y-3 overflow-y-auto px-6 py-4 leading-relaxed">
          {ready ? (
            PARAGRAPHS.map((key) => (
              <p key={key} className="max-w-[70ch]">
                {t(key)}
              </p>
            ))
          ) : (
            <p role="status">{tc('status.loading')}</p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-6 py-4 sm:flex-row sm:justify-end">
          {/* while the text loads (the national ID field asks for it when drawn) only cancelling is offered */}
          <button type="button" className={secondaryButton} onClick={onCancel}>
            {ready ? t('cancel') : tc('actions.cancel')}
          </button>
          {ready && (
            <button type="button" className={primaryButton} onClick={onAccept}>
              {t('accept')}
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
