import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export const DUE_PATH = '/schedules/due';

/** The way from Patients to every due and overdue sending. */
export function DueLink() {
  const { t } = useTranslation('schedules');
  return (
    <Link to={DUE_PATH} className="inline-flex min-h-11 items-center text-sm">
      {t('due.link')}
    </Link>
  );
}
