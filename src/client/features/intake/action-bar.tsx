import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { SaveStatus, type SaveStatusProps } from '../../components/save-status';

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
const KEEP_FIELDS_CLEAR =
  'html { scroll-padding-bottom: 10rem; } @media (min-width: 640px) { html { scroll-padding-bottom: 6rem; } }';

/**
 * The section's actions and its save state in one bar that sticks to the bottom of the screen while the form
 * is in view: Save & Continue is the primary action on sections 1-3, Submit on the last one.
 */
export function ActionBar(props: ActionBarProps) {
  const { t } = useTranslation('intake');
  const { busy, locked, redirecting, canContinue } = props;
  const submitPrimary = !canContinue;
  return (
    <>
      <style>{KEEP_FIELDS_CLEAR}</style>
      <div
        data-action-bar
        className="sticky bottom-0 z-10 mt-8 border-t border-slate-300 bg-white px-1 pt-3 pb-3 shadow-[0_-4px_8px_-6px_rgba(15,23,42,0.3)] print:hidden"
      >
        <div className="flex flex-col gap-2 md:flex-row md:items-center md:justify-between md:gap-4">
          <SaveStatus id="intake-save-status" words="intake:status" {...props.status} />
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
            {canContinue && (
              <Button
                type="submit"
                className="col-span-2"
                onClick={() => props.onChoose('continue')}
                disabled={locked}
                loading={busy === 'continue'}
                loadingText={t('buttons.saving')}
              >
                {t('buttons.saveAndContinue')}
              </Button>
            )}
            <Button
              type="submit"
              variant="secondary"
              onClick={() => props.onChoose('save')}
              disabled={locked}
              loading={busy === 'save'}
              loadingText={t('buttons.saving')}
            >
              {t('buttons.saveDraft')}
            </Button>
            <Button
              variant={submitPrimary ? 'primary' : 'secondary'}
              className={submitPrimary ? 'order-first col-span-2 sm:order-none' : ''}
              onClick={props.onSubmitForm}
              disabled={locked}
              loading={busy === 'submit' || redirecting}
              loadingText={t('buttons.submitting')}
            >
              {t('buttons.submit')}
            </Button>
          </div>
        </div>
      </div>
      {props.back && <div className="mt-4">{props.back}</div>}
    </>
  );
}
