import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

const MAIL_TAG = /<mail>.*?<\/mail>/;

/**
 * A translated sentence whose `<mail>{{email}}</mail>` part becomes a mailto link. The one tag is split out
 * by hand: i18next's `<Trans>` would bring an HTML parser into every page's download (issue 6).
 */
export function MailText({
  i18nKey,
  email,
  values,
}: {
  i18nKey: string;
  email: string;
  values?: Record<string, unknown>;
}) {
  const { t } = useTranslation('account');
  const [before, ...rest] = t(i18nKey, { ...values, email }).split(MAIL_TAG);
  return (
    <>
      {before}
      {rest.map((after, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
        <Fragment key={i}>
          <a href={`mailto:${email}`}>{email}</a>
          {after}
        </Fragment>
      ))}
    </>
  );
}
