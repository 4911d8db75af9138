import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button';
import { type LibraryEntry, textIn } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';

/**
 * One questionnaire of the library: what it is, who answers it (its informant versions when several do), how long
 * it takes; give it, or preview it.
 */
export function LibraryCard({ entry }: { entry: LibraryEntry }) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const title = textIn(entry.title, lang);
  const headingId = `questionnaire-${entry.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id={headingId} className="text-xl font-semibold break-words text-slate-900">
          {title}
        </h2>
        {entry.licence.example && (
          <p className="mt-1 text-sm font-semibold text-amber-900">{t('library.example')}</p>
        )}
        <p className="mt-2 max-w-prose text-slate-700">{textIn(entry.description, lang)}</p>
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {/* each informant answers their own version: worded for them, scored on their norms (ADR 126) */}
          <dt className="font-semibold text-slate-700">
            {t(entry.respondents.length > 1 ? 'library.informantVersions' : 'library.respondents')}
          </dt>
          <dd>{entry.respondents.map((r) => t(`respondents.${r}`)).join(', ')}</dd>
          <dt className="font-semibold text-slate-700">{t('library.items')}</dt>
          <dd>{t('library.itemCount', { count: entry.itemCount })}</dd>
          <dt className="font-semibold text-slate-700">{t('library.time')}</dt>
          <dd>{t('library.minutes', { count: entry.minutes })}</dd>
          <dt className="font-semibold text-slate-700">{t('library.ages')}</dt>
          <dd>{t('library.ageRange', { min: entry.ageRange.min, max: entry.ageRange.max })}</dd>
          <dt className="font-semibold text-slate-700">{t('library.languages')}</dt>
          <dd>{entry.languages.map((l) => t(`languages.${l}`)).join(', ')}</dd>
          <dt className="font-semibold text-slate-700">{t('library.version')}</dt>
          <dd>{entry.version}</dd>
        </dl>
        <div className="mt-auto flex flex-col gap-3 pt-4 sm:flex-row sm:flex-wrap">
          <ButtonLink
            to={`/patients/give/${encodeURIComponent(entry.id)}`}
            aria-label={t('library.giveOf', { title })}
          >
            {t('library.give')}
          </ButtonLink>
          <ButtonLink
            to={`/questionnaires/${entry.id}`}
            variant="secondary"
            aria-label={t('library.previewOf', { title })}
          >
            {t('library.preview')}
          </ButtonLink>
        </div>
      </article>
    </li>
  );
}
