import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { useLang } from '../../lib/use-lang';
import { useFocusAdded } from './use-focus-added';

/** How many clients the list draws at first and adds at each "show more" (ADR 136). */
export const CLIENTS_PER_PAGE = 25;

/** A client's entry takes the focus on its link. */
const linkOf = (entry: Element) => entry.querySelector<HTMLElement>('a[href]');

/**
 * The Patients list drawn a page at a time (ADR 136): the first clients of the order the server gives, then more
 * on request, so a caseload of thousands is not drawn at once. Search covers every client (the server's answer is
 * the whole list); give it a `key` of the search so a new search starts at the first page. Shown rows are plain
 * list items, so a screen reader counts them and the browser's find sees them; after "show more" the focus goes
 * to the first client added, so the keyboard carries on where the list grew.
 */
export function ClientPages<T>({
  items,
  renderItem,
}: {
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const [shown, setShown] = useState(CLIENTS_PER_PAGE);
  const { list, adding } = useFocusAdded<HTMLUListElement>(linkOf);
  const statusId = useId();

  const drawn = Math.min(shown, items.length);
  const rest = items.length - drawn;
  const showMore = () => {
    adding(drawn);
    setShown(drawn + CLIENTS_PER_PAGE);
  };
  const number = (n: number) => n.toLocaleString(lang);

  return (
    <>
      <ul
        ref={list}
        data-client-list
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm"
      >
        {items.slice(0, drawn).map(renderItem)}
      </ul>
      {rest > 0 && (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p id={statusId} className="text-sm text-slate-700">
            {t('patients.shown', { shown: number(drawn), total: number(items.length) })}
          </p>
          <Button variant="secondary" aria-describedby={statusId} onClick={showMore}>
            {t('patients.showMore', { count: Math.min(rest, CLIENTS_PER_PAGE) })}
          </Button>
        </div>
      )}
    </>
  );
}
