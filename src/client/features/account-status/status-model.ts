import type { AccountStatus } from '../../../shared';
import { foldStatus, isKnownStatus } from '../../lib/account-status';

// the status's comparable form lives in lib: the login's landing and the route guards ask it outside this feature
export { foldStatus, toAccountStatus } from '../../lib/account-status';

/** 'on_hold' -> 'On Hold', upper-casing in the reader's language (Turkish i -> İ). */
export function titleCase(value: string, language: string): string {
  return value
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase(language) + word.slice(1).toLocaleLowerCase(language))
    .join(' ');
}

const COMPLETION_STEP = '/signup/step2';

export interface StatusDescription {
  /** The known status, or undefined for a missing or unknown value. */
  status: AccountStatus | undefined;
  /** i18n key in the `account` namespace, or undefined when `fallbackLabel` is to be shown. */
  labelKey: string | undefined;
  /** Title-cased raw value for unknown statuses. */
  fallbackLabel: string | undefined;
  /** i18n key of the message, or undefined for an unknown (but present) value. */
  messageKey: string | undefined;
  needsCompletion: boolean;
  nextStep: string | undefined;
  /** Colour family for the status card. */
  tone: 'info' | 'success' | 'warning' | 'error' | 'neutral';
}

const TONES: Record<AccountStatus, StatusDescription['tone']> = {
  pending_verification: 'warning',
  email_verified: 'info',
  profile_completed: 'success',
  under_review: 'info',
  approved: 'success',
  rejected: 'error',
  suspended: 'error',
};

/** Section 4's status table as data: label, message, whether registration needs completing and where. */
export function describeStatus(value: string | null | undefined, language = 'en'): StatusDescription {
  const folded = foldStatus(value);
  if (folded === undefined) {
    return {
      status: undefined,
      labelKey: 'status.unknown.label',
      fallbackLabel: undefined,
      messageKey: 'status.unavailable',
      needsCompletion: false,
      nextStep: undefined,
      tone: 'neutral',
    };
  }
  if (!isKnownStatus(folded)) {
    return {
      status: undefined,
      labelKey: undefined,
      fallbackLabel: titleCase(value as string, language),
      messageKey: undefined,
      needsCompletion: false,
      nextStep: undefined,
      tone: 'neutral',
    };
  }
  const needsCompletion = folded === 'pending_verification' || folded === 'email_verified';
  return {
    status: folded,
    labelKey: `status.${folded}.label`,
    fallbackLabel: undefined,
    messageKey: `status.${folded}.message`,
    needsCompletion,
    nextStep: needsCompletion ? COMPLETION_STEP : undefined,
    tone: TONES[folded],
  };
}
