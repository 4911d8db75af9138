import { Trans } from 'react-i18next';

/** A translated sentence whose `<mail>{{email}}</mail>` part becomes a mailto link. */
export function MailText({
  i18nKey,
  email,
  values,
}: {
  i18nKey: string;
  email: string;
  values?: Record<string, unknown>;
}) {
  return (
    <Trans
      ns="account"
      i18nKey={i18nKey}
      values={{ ...values, email }}
      components={{ mail: <a href={`mailto:${email}`}>{email}</a> }}
    />
  );
}
