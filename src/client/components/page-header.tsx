import { type ReactNode, useEffect } from 'react';
import { useProductName } from '../lib/app-config';

/** The page's one h1, also the start of the document title, so each route is announced by its name. */
export function PageHeader({
  title,
  description,
  documentTitle,
}: {
  title: ReactNode;
  description?: ReactNode;
  documentTitle?: string;
}) {
  const productName = useProductName();
  const text = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useEffect(() => {
    document.title = text ? `${text} – ${productName}` : productName;
  }, [text, productName]);
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{title}</h1>
      {description && <p className="mt-2 max-w-prose text-slate-700">{description}</p>}
    </div>
  );
}
