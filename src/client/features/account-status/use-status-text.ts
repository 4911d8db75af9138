import { useTranslation } from 'react-i18next';
import { describeStatus, type StatusDescription } from './status-model';

export interface StatusText extends StatusDescription {
  label: string;
  message: string | undefined;
}

/** The status description with its label and message in the reader's language. */
export function useStatusText(value: string | null | undefined): StatusText {
  const { t, i18n } = useTranslation('account');
  const description = describeStatus(value, i18n.language);
  return {
    ...description,
    label: description.labelKey ? t(description.labelKey) : (description.fallbackLabel ?? ''),
    message: description.messageKey ? t(description.messageKey) : undefined,
  };
}
