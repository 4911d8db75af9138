import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { DescriptionList } from '../../components/description-list';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../stores/current-user';
import { describeStatus } from '../account-status';

/** /profile: the practitioner's own data, read only, with the way to complete or edit it. */
export function ProfilePage() {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const user = useCurrentUser();
  if (!user) return null;
  const none = t('app.notProvided');
  const list = (values: unknown, key: string) =>
    Array.isArray(values) && values.length > 0 ? (
      <ul key={key} className="flex flex-wrap gap-2">
        {values.map((value) => (
          <li key={String(value)} className="rounded-full bg-accent-50 px-3 py-1 text-sm text-accent-800">
            {String(value)}
          </li>
        ))}
      </ul>
    ) : (
      none
    );
  const needsCompletion = describeStatus(user.accountStatus).needsCompletion;
  const photo =
    typeof user.photo === 'string' && user.photo ? `/api/files/${encodeURIComponent(user.photo)}` : null;

  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      <div className="space-y-6">
        <Card title={t('profile.personalTitle')}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            {photo && (
              <img
                src={photo}
                alt=""
                className="h-24 w-24 shrink-0 rounded-full border border-slate-200 object-cover"
              />
            )}
            <div className="flex-1">
              <DescriptionList
                rows={[
                  [t('profile.fullName'), `${user.firstName} ${user.lastName}`],
                  [t('profile.email'), user.email],
                ]}
              />
            </div>
          </div>
        </Card>
        <Card title={t('profile.professionalTitle')}>
          <DescriptionList
            rows={[
              [t('profile.title_field'), user.professionalTitle || none],
              [t('profile.university'), user.university || none],
              [t('profile.department'), user.department || none],
              [t('profile.graduationYear'), user.graduationYear ? String(user.graduationYear) : none],
              [t('profile.chamberRegistrationNumber'), user.chamberRegistrationNumber || none],
            ]}
          />
        </Card>
        <Card title={t('profile.aboutTitle')}>
          <DescriptionList
            rows={[
              [t('profile.specializations'), list(user.specializations, 'specializations')],
              [t('profile.workAreas'), list(user.workAreas, 'workAreas')],
              [
                t('profile.biography'),
                user.biography ? (
                  <span key="biography" className="whitespace-pre-line">
                    {user.biography}
                  </span>
                ) : (
                  none
                ),
              ],
            ]}
          />
        </Card>
        <div>
          {needsCompletion ? (
            <ButtonLink to="/signup/step2">{t('profile.completeRegistration')}</ButtonLink>
          ) : (
            <ButtonLink to="/signup/step3" variant="secondary">
              {t('profile.editProfile')}
            </ButtonLink>
          )}
        </div>
      </div>
    </>
  );
}
