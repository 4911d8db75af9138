import { toast } from '../components/toast';
import { i18n, type Lang, LanguageSwitcher } from '../i18n';

/** The account area's language switch: a switch whose texts could not be fetched says so in a toast. */
export function AppLanguageSwitcher({ onChosen }: { onChosen?: (lang: Lang) => void }) {
  return (
    <LanguageSwitcher
      onChosen={onChosen}
      onFailed={() => toast.error(i18n.t('app.genericError', { ns: 'account' }))}
    />
  );
}
