import { useTranslation } from 'react-i18next';
import { Card } from '../../components/card';
import { formatDate } from '../../lib/format-date';
import { textIn, useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { useClientAlerts } from './api/alerts';

/**
 * The client's alerts, newest first (ADR 166): each with its level, the flag, the questionnaire, who answered and
 * when, and what the practitioner did about it, with their note. Nothing is shown for a client without alerts.
 */
export function ClientAlerts({ clientId }: { clientId: string }) {
  const { t } = useTranslation('questionnaires');
  const account = useTranslation('account').t;
  const lang = useLang();
  const alerts = useClientAlerts(clientId);
  const library = useQuestionnaireLibrary();
  if (!alerts.data || alerts.data.length === 0) return null;
  return (
    <Card title={t('client.alerts')}>
      <ul className="divide-y divide-slate-200" data-client-alerts>
        {alerts.data.map((alert) => {
          const entry = library.data?.find((e) => e.id === alert.questionnaireId);
          const flag = alert.flagId ? entry?.flags?.[alert.flagId] : undefined;
          return (
            <li key={alert.id} className="space-y-1 py-3">
              <p>
                <span className="font-semibold">{account(`dashboard.alertLevel.${alert.level}`)}</span>
                {' · '}
                {flag ? textIn(flag, lang) : account('dashboard.alertFlagged')}
              </p>
              <p className="text-sm text-slate-700">
                {[
                  entry ? textIn(entry.title, lang) : alert.questionnaireId,
                  alert.respondent
                    ? account('dashboard.alertAnsweredBy', { who: t(`respondents.${alert.respondent}`) })
                    : '',
                  formatDate(alert.raisedAt, lang),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p className="text-sm text-slate-900">
                {alert.state === 'open'
                  ? t('client.alertOpen')
                  : t(`client.alertState.${alert.state}`, { date: formatDate(alert.handledAt, lang) })}
              </p>
              {alert.note && <p className="text-sm whitespace-pre-line text-slate-900">{alert.note}</p>}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
