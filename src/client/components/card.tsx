import type { ReactNode } from 'react';

/** A white panel with an optional heading, the building block of the dashboard and profile. */
export function Card({
  title,
  children,
  className = '',
  headingLevel = 2,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={`rounded-lg border border-slate-200 bg-white p-5 shadow-sm ${className}`}>
      {title && <Heading className="mb-3 text-lg font-semibold text-slate-900">{title}</Heading>}
      {children}
    </section>
  );
}
