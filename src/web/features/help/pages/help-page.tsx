import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '@web/components/ui/brand-logo';
import { buttonClasses } from '@web/components/ui/button';
import { useCurrentUser } from '@web/features/auth';
import { ArticleFeedback } from '../components/article-feedback';
import { HELP_ARTICLES } from '../components/articles';

/** Scrolls to the article named in the URL's hash once the page is on screen. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

/** The help articles (guide/roles-and-access.md#public-pages), public and signed in alike. */
export function Component() {
  const user = useCurrentUser();
  useScrollToHash();
  return (
    <div className="min-h-screen bg-slate-50">
      {!user && (
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
            <Link to="/" className="rounded-md" aria-label="Lampstand home">
              <BrandMark />
            </Link>
            <Link to="/login" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
              Login
            </Link>
          </div>
        </header>
      )}
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="mb-10 max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Help Center</h1>
          <p className="mt-2 text-lg text-slate-600">Guides for submitting, tracking and getting the most from your requests.</p>
        </div>
        <div className="grid gap-10 lg:grid-cols-[14rem_1fr]">
          <nav aria-label="Articles" className="lg:sticky lg:top-24 lg:self-start">
            <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-500">Articles</p>
            <ul className="space-y-1">
              {HELP_ARTICLES.map((a) => (
                <li key={a.id}>
                  <a href={`#${a.id}`} className="block rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-white hover:text-slate-900">
                    {a.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <main className="space-y-8">
            {HELP_ARTICLES.map((a) => (
              <article
                key={a.id}
                id={a.id}
                aria-labelledby={`${a.id}-title`}
                className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
              >
                <h2 id={`${a.id}-title`} className="text-2xl font-semibold tracking-tight text-slate-900">
                  {a.title}
                </h2>
                <p className="mt-1 text-slate-500">{a.summary}</p>
                <div className="mt-6 space-y-4">{a.body}</div>
                <ArticleFeedback article={a.id} />
              </article>
            ))}
            <section aria-labelledby="product-guide-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <h2 id="product-guide-title" className="text-xl font-semibold tracking-tight text-slate-900">
                The product guide
              </h2>
              <p className="mt-2 text-slate-600">
                Every screen, rule, setting and message of Lampstand, written for the people who run it: roles and access, requests,
                approvals, the production board, Sunday planning, e-mail and administration.
              </p>
              <p className="mt-2 text-slate-600">
                The guide is kept with Lampstand&apos;s source code, in the folder{' '}
                <code className="rounded bg-slate-100 px-1">docs/guide</code> (start with{' '}
                <code className="rounded bg-slate-100 px-1">docs/guide/README.md</code>). Your administrator&apos;s copy is in the
                repository Lampstand was installed from; ask them for the part you need.
              </p>
            </section>
            <div className="flex justify-center pt-2">
              <Link to="/" className={buttonClasses('outline', 'lg')}>
                <ArrowLeft className="h-4 w-4" aria-hidden />
                Back to Home
              </Link>
            </div>
          </main>
        </div>
      </div>
    </div>
  );
}
