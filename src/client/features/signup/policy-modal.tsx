import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { LoadingBlock } from '../../components/spinner';
import { useAppConfig, useProductName } from '../../lib/app-config';
import { formatDate } from '../../lib/format-date';

/** When the policy texts last changed (ISO date); shown in the reader's language. */
const POLICIES_UPDATED = '2026-11-22';

export type Policy = 'terms' | 'privacy';

interface Section {
  heading: string;
  body: string;
}

/**
 * The Terms and Conditions or Privacy Policy text in a modal (locales: `policies`). The texts are long and
 * only sign-up links to them, so they are fetched when a policy is first opened ('Loading...' meanwhile).
 */
export function PolicyModal({ policy, onClose }: { policy: Policy | null; onClose: () => void }) {
  return policy ? <PolicyDialog policy={policy} onClose={onClose} /> : null;
}

function PolicyDialog({ policy, onClose }: { policy: Policy; onClose: () => void }) {
  const { t, i18n, ready } = useTranslation(['policies', 'account'], { useSuspense: false });
  const { config } = useAppConfig();
  const productName = useProductName();
  const sections = ready
    ? (t(`${policy}.sections`, {
        returnObjects: true,
        productName,
        supportEmail: config.supportEmail,
      }) as Section[])
    : [];
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={ready ? t(`${policy}.title`) : t('app.loading', { ns: 'account' })}
      footer={<Button onClick={onClose}>{t('app.close', { ns: 'account' })}</Button>}
    >
      {ready ? (
        <>
          <p className="text-sm text-slate-600">
            {t('lastUpdated', { date: formatDate(POLICIES_UPDATED, i18n.language) })}
          </p>
          <div className="mt-3 max-w-prose space-y-4">
            {Array.isArray(sections) &&
              sections.map((section) => (
                <section key={section.heading}>
                  <h3 className="font-semibold text-slate-900">{section.heading}</h3>
                  <p className="mt-1 text-slate-800">{section.body}</p>
                </section>
              ))}
          </div>
        </>
      ) : (
        <LoadingBlock />
      )}
    </Modal>
  );
}
