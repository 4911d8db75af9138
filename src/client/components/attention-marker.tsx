import type { ReactNode } from 'react';

/**
 * The "Needs attention" pill of a response whose critical answers wait to be opened (ADR 108): an icon and
 * words, so it is never told by colour alone, and apart from the calmer new-result marker.
 */
export function AttentionMarker({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <span
      id={id}
      data-testid="attention-marker"
      className="inline-flex items-center gap-1.5 rounded-full border border-red-700 bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-900"
    >
      <span
        aria-hidden="true"
        className="flex size-4 items-center justify-center rounded-full border-2 border-current text-[0.625rem] leading-none font-bold"
      >
        !
      </span>
      {children}
    </span>
  );
}
