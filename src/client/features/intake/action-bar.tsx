import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { SaveStatus, type SaveStatusProps, saveState } from '../../components/save-status';

export type Action = 'save' | 'continue' | 'submit';

export interface ActionBarProps {
  status: Omit<SaveStatusProps, 'words'>;
  /** Sections 1-3 continue to the next one; the last section has no Save & Continue. */
  canContinue: boolean;
  busy: Action | null;
  redirecting: boolean;
  locked: boolean;
  /** The submit buttons (Save Draft, Save & Continue) say which they are before the form submits. */
  onChoose: (action: 'save' | 'continue') => void;
  onSubmitForm: () => void;
  /** 'Back to ...', drawn under the bar. */
  back?: ReactNode;
}

// the bar stays on screen over the form's end: focus and anchors scroll fields clear of it
const KEEP_FIELDS_CLEAR = 'html { scroll-padding-bottom: 6rem; }';

/** Save states a phone shows without a tap: the ones that ask for something. */
const URGENT = new Set(['conflict', 'offline', 'failed', 'invalid']);

/**
 * The section's actions and its save state in one bar that sticks to the bottom of the screen while the form
 * is in view: Save & Continue is the primary action on sections 1-3, Submit on the last one. On a phone the bar
 * is one row (the primary action and "More"): the save state and the other actions open above it with a tap,
 * so the form keeps the screen; a save state that needs the user shows without the tap.
 */
export function ActionBar(props: ActionBarProps) {
  const { t } = useTranslation('intake');
  const { busy, locked, redirecting, canContinue } = props;
  const [more, setMore] = useState(false);
  const detailsId = useId();
  const bar = useBottomBarHeight();
  const urgent = URGENT.has(saveState(props.status));
  const saveDraft = (
    <Button
      type="submit"
      variant="secondary"
      onClick={() => {
        props.onChoose('save');
        // the bar folds back to one row; the toast and the save state say what happened
        setMore(false);
      }}
      disabled={locked}
      loading={busy === 'save'}
      loadingText={t('buttons.saving')}
    >
      {t('buttons.saveDraft')}
    </Button>
  );
  const submit = (primary: boolean) => (
    <Button
      variant={primary ? 'primary' : 'secondary'}
      // last on wide screens, after Save Draft, as the form's final step
      className={primary ? 'flex-1 sm:order-last sm:flex-none' : ''}
      onClick={props.onSubmitForm}
      disabled={locked}
      loading={busy === 'submit' || redirecting}
      loadingText={t('buttons.submitting')}
    >
      {t('buttons.submit')}
    </Button>
  );
  return (
    <>
      <style>{KEEP_FIELDS_CLEAR}</style>
      <div
        ref={bar}
        data-action-bar
        className="sticky bottom-0 z-10 mt-8 border-t border-slate-300 bg-white px-1 py-2 shadow-[0_-4px_8px_-6px_rgba(15,23,42,0.3)] sm:py-3 print:hidden"
      >
        <div className="flex flex-col gap-2 md:flex-row md:items-center md:justify-between md:gap-4">
          {/* folded away on a phone, but still read out by screen readers as it changes */}
          <div className={more || urgent ? '' : 'sr-only sm:not-sr-only'}>
            <SaveStatus id="intake-save-status" words="intake:status" {...props.status} />
          </div>
          {/* the main row first (tab order); on a phone the details it opens sit above it */}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <div className="flex gap-2 sm:contents">
              {canContinue ? (
                <Button
                  type="submit"
                  className="flex-1 sm:flex-none"
                  onClick={() => props.onChoose('continue')}
                  disabled={locked}
                  loading={busy === 'continue'}
                  loadingText={t('buttons.saving')}
                >
                  {t('buttons.saveAndContinue')}
                </Button>
              ) : (
                submit(true)
              )}
              <button
                type="button"
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md border border-slate-400 bg-white text-xl font-bold text-slate-900 hover:bg-slate-100 sm:hidden"
                aria-expanded={more}
                aria-controls={detailsId}
                onClick={() => setMore((open) => !open)}
              >
                <span aria-hidden="true">{more ? '×' : '⋯'}</span>
                <span className="sr-only">{t('buttons.more')}</span>
              </button>
            </div>
            <div id={detailsId} className={`${more ? 'flex' : 'hidden'} flex-col gap-2 sm:contents`}>
              {saveDraft}
              {canContinue && submit(false)}
            </div>
          </div>
        </div>
      </div>
      {props.back && <div className="mt-4">{props.back}</div>}
    </>
  );
}

/** Tells the page how tall the bar is (`--bottom-bar-height`), so a toast sits above it, not on it. */
function useBottomBarHeight() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    const root = document.documentElement;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--bottom-bar-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-bar-height');
    };
  }, []);
  return bar;
}
