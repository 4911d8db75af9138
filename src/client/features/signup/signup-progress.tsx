import { useTranslation } from 'react-i18next';
import { SIGNUP_STEPS } from './signup-steps';

/** 'Step n of 3' and the three named steps, the current one marked for screen readers too. */
export function SignupProgress({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  return (
    <div className="mb-6">
      <p className="text-sm font-medium text-slate-700">
        {t('signup.stepOf', { current, total: SIGNUP_STEPS.length })}
      </p>
      <ol aria-label={t('signup.progressLabel')} className="mt-2 grid grid-cols-3 gap-2">
        {SIGNUP_STEPS.map((step, index) => {
          const number = index + 1;
          const done = number < current;
          const active = number === current;
          return (
            <li key={step.key} aria-current={active ? 'step' : undefined} className="min-w-0">
              <div
                className={`h-1.5 rounded-full ${done || active ? 'bg-accent-700' : 'bg-slate-300'}`}
                aria-hidden="true"
              />
              <p
                className={`mt-1 text-xs break-words sm:text-sm ${active ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
              >
                {t(`signup.steps.${step.key}`)}
                {done && <span className="sr-only"> ({t('signup.stepCompleted')})</span>}
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
