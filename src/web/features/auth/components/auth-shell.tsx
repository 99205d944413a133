import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@web/components/ui/brand-logo';

/** The centred card that the sign-in and password screens share. */
export function AuthShell({
  title,
  subtitle,
  children,
  belowHeader = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Under the app header (a signed-in user) the shell does not fill the whole screen. */
  belowHeader?: boolean;
}) {
  return (
    <main
      className={`flex ${belowHeader ? 'min-h-[calc(100vh-4rem)]' : 'min-h-screen'} flex-col items-center justify-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-12`}
    >
      {!belowHeader && (
        <Link to="/" className="mb-8 rounded-md" aria-label="Lampstand home">
          <BrandMark size="lg" />
        </Link>
      )}
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 space-y-1.5 text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
        </div>
        {children}
      </div>
    </main>
  );
}
