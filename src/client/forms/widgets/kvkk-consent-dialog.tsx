import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '../styles';

const PARAGRAPHS = ['intro', 'purpose', 'processing', 'retention', 'rights', 'consent'] as const;

interface KvkkConsentDialogProps {
  onAccept: () => void;
  onCancel: () => void;
  /** A digit typed while the dialog is up (it opened on the ID field's focus): the field keeps it. */
  onDigit?: (digit: string) => void;
}

/**
 * The KVKK explicit-consent modal (Turkish in every interface language, as the spec asks): Vazgeç cancels,
 * Kabul Ediyorum accepts. In English an English translation sits beside the Turkish text, which stays the
 * binding one and says so. Focus stays inside while it is open; Escape cancels. Its text is the `kvkk`
 * namespace, fetched when the national ID field is drawn (ADR 009); until it is in, the dialog says so and
 * offers only cancelling.
 */
export function KvkkConsentDialog({ onAccept, onCancel, onDigit }: KvkkConsentDialogProps) {
  // no Suspense: suspending would swap the whole form for a loading block behind the dialog
  const { t, ready } = useTranslation('kvkk', { useSuspense: false });
  const { t: tc, i18n } = useTranslation('common');
  const { t: tw } = useTranslation('widgets');
  const translated = i18n.language !== 'tr';
  const titleId = useId();
  const bodyId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (onDigit && /^[0-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      onDigit(event.key);
      return;
    }
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
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`flex max-h-[90vh] w-full flex-col rounded-t-lg bg-white shadow-xl sm:rounded-lg ${
          translated && ready ? 'max-w-5xl' : 'max-w-2xl'
        }`}
      >
        <h2 id={titleId} lang="tr" className="border-b border-slate-200 px-6 py-4 text-xl font-bold">
          {ready ? t('title') : 'KVKK'}
        </h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long text must be scrollable by keyboard */}
        <div id={bodyId} tabIndex={0} className="overflow-y-auto px-6 py-4 leading-relaxed">
          {!ready ? (
            <p role="status">{tc('status.loading')}</p>
          ) : translated ? (
            <div className="grid gap-6 lg:grid-cols-2">
              <section lang="tr" aria-labelledby={`${titleId}-binding`} className="space-y-3">
                <h3 id={`${titleId}-binding`} lang={i18n.language} className="font-semibold text-slate-900">
                  {tw('kvkk.bindingText')}
                </h3>
                {PARAGRAPHS.map((key) => (
                  <p key={key} className="max-w-[70ch]">
                    {t(key)}
                  </p>
                ))}
              </section>
              <section
                lang="en"
                aria-labelledby={`${titleId}-translation`}
                className="space-y-3 border-t border-slate-200 pt-4 text-slate-700 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-6"
              >
                <h3
                  id={`${titleId}-translation`}
                  lang={i18n.language}
                  className="font-semibold text-slate-900"
                >
                  {tw('kvkk.translationHeading')}
                </h3>
                <p className="font-semibold">{t('englishTranslation.title')}</p>
                {PARAGRAPHS.map((key) => (
                  <p key={key} className="max-w-[70ch]">
                    {t(`englishTranslation.${key}`)}
                  </p>
                ))}
              </section>
            </div>
          ) : (
            <div className="space-y-3">
              {PARAGRAPHS.map((key) => (
                <p key={key} className="max-w-[70ch]">
                  {t(key)}
                </p>
              ))}
            </div>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-6 py-4 sm:flex-row sm:justify-end">
          {/* while the text loads (the national ID field asks for it when drawn) only cancelling is offered */}
          <button
            type="button"
            lang={ready ? 'tr' : undefined}
            className={secondaryButton}
            onClick={onCancel}
          >
            {ready ? t('cancel') : tc('actions.cancel')}
          </button>
          {ready && (
            <button type="button" lang="tr" className={primaryButton} onClick={onAccept}>
              {t('accept')}
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
