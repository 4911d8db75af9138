import { useTranslation } from 'react-i18next';
import type { StatusDescription } from './status-model';
import { useStatusText } from './use-status-text';

const tones: Record<StatusDescription['tone'], { box: string; dot: string }> = {
  info: { box: 'border-sky-700 bg-sky-50', dot: 'bg-sky-700' },
  success: { box: 'border-green-700 bg-green-50', dot: 'bg-green-700' },
  warning: { box: 'border-amber-600 bg-amber-50', dot: 'bg-amber-600' },
  error: { box: 'border-red-700 bg-red-50', dot: 'bg-red-700' },
  neutral: { box: 'border-slate-400 bg-slate-50', dot: 'bg-slate-500' },
};

/** The account status as a small card: label (in words, not only colour) and message. */
export function StatusCard({
  status,
  caption = true,
}: {
  status: string | null | undefined;
  /** 'Account status' above the label; off where a heading already says it. */
  caption?: boolean;
}) {
  const { t } = useTranslation('account');
  const text = useStatusText(status);
  const tone = tones[text.tone];
  return (
    <div className={`rounded-md border-l-4 p-3 ${tone.box}`} data-status={text.status ?? 'unknown'}>
      {caption && <p className="text-sm text-slate-700">{t('profileMenu.accountStatus')}</p>}
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${tone.dot}`} />
        {text.label}
      </p>
      {text.message && <p className="mt-1 text-slate-800">{text.message}</p>}
    </div>
  );
}
