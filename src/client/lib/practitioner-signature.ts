import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../stores/current-user';

/**
 * How a printout names who made it: "Ayşe Yılmaz, Clinical Psychologist" / "Ayşe Yılmaz, Uzman Klinik Psikolog".
 * The title is the practitioner's own (chosen at sign-up), said in the page's language; an unknown one as given.
 */
export function usePractitionerSignature(): string {
  const { t } = useTranslation('account');
  const user = useCurrentUser();
  if (!user) return '';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const title = user.professionalTitle;
  if (!title) return name;
  return `${name}, ${t(`professionalTitles.${title}`, { defaultValue: title })}`;
}
