import { useTranslation } from 'react-i18next';
import type { Availability } from './use-email-availability';

/**
 * The live availability check, drawn right under the e-mail field. 'Taken' is shown as the field's error
 * (above the field, GOV.UK); here it is only announced, so it is not printed twice.
 */
export function EmailAvailabilityNote({ availability }: { availability: Availability }) {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  return (
    <p className="mt-2 min-h-6 text-base" aria-live="polite" data-testid="email-availability">
      {availability === 'checking' && (
        <span className="text-slate-700">{t('signup.step1.emailChecking')}</span>
      )}
      {availability === 'available' && (
        <span className="text-green-800">
          <span aria-hidden="true">✓ </span>
          {t('signup.step1.emailAvailable')}
        </span>
      )}
      {availability === 'taken' && <span className="sr-only">{t('signup.step1.emailTaken')}</span>}
    </p>
  );
}
