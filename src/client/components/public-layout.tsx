import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface PublicLayoutProps {
  productName: string;
  /** Language switcher and similar controls in the header. */
  headerEnd?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
  /** 'narrow' for short forms (sign-in), 'wide' for sign-up steps and text pages. */
  width?: 'narrow' | 'wide';
}

/** The frame of every public page: product name, language choice, one centred card, footer. */
export function PublicLayout({
  productName,
  headerEnd,
  footer,
  children,
  width = 'narrow',
}: PublicLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="flex min-h-16 flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4">
        <Link to="/" className="text-lg font-semibold text-slate-900 no-underline">
          {productName}
        </Link>
        {headerEnd}
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 py-8 sm:py-12">
        <div
          className={`w-full ${width === 'narrow' ? 'max-w-md' : 'max-w-2xl'} rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8`}
        >
          {children}
        </div>
      </main>
      <footer className="border-t border-slate-200 px-4 py-4 text-center text-sm text-slate-700">
        {footer}
      </footer>
    </div>
  );
}
