import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BrandMark } from '@web/components/ui/brand-logo';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { landingQuery } from '../api/get-landing';
import { FaqList } from '../components/faq-list';
import { Benefits, HelpLinks, Hero, HowItWorks, SectionHeading, Tiers } from '../components/landing-sections';

/** The public landing page (guide/administration.md#the-landing-page); its text comes from the editable content. */
export function Component() {
  const landing = useQuery(landingQuery);
  // The church's own name once an admin has set it; the product's until then.
  const churchName = landing.data?.churchName?.trim() ?? '';
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <span className="flex min-w-0 items-center gap-3">
            <Link to="/" className="shrink-0 rounded-md" aria-label="Lampstand home">
              <BrandMark />
            </Link>
            {churchName && <span className="truncate border-l border-slate-200 pl-3 text-sm font-medium text-slate-700">{churchName}</span>}
          </span>
          <nav aria-label="Site" className="flex items-center gap-1 sm:gap-2">
            <Link to="/help" className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              Help
            </Link>
            <Link to="/login" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
              Login
            </Link>
          </nav>
        </div>
      </header>
      {landing.isPending ? (
        <main className="flex flex-1 items-center justify-center">
          <LoadingState />
        </main>
      ) : landing.isError ? (
        <main className="flex flex-1 items-center justify-center">
          <ErrorState message="Could not load this page." onRetry={() => void landing.refetch()} />
        </main>
      ) : (
        <>
          <main className="flex-1">
            <Hero content={landing.data.content} />
            <HowItWorks content={landing.data.content} />
            <Tiers content={landing.data.content} tierKeys={landing.data.tierKeys} />
            <HelpLinks />
            <Benefits content={landing.data.content} />
            <section aria-labelledby="faq-heading" className="bg-white py-16 sm:py-20">
              <div className="mx-auto max-w-3xl px-4 sm:px-6">
                <SectionHeading id="faq-heading" title={landing.data.content.faq_heading} />
                <FaqList faqs={landing.data.faqs} />
              </div>
            </section>
          </main>
          <footer className="border-t border-slate-200 bg-slate-50">
            <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:px-6">
              <p>{landing.data.content.footer_contact}</p>
              <p>
                © {new Date().getFullYear()} {churchName || 'Lampstand'}
              </p>
            </div>
          </footer>
        </>
      )}
    </div>
  );
}
