import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { LANDING_MESSAGES } from '@shared/api/landing';
import { buttonClasses } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { landingEditorQuery } from '../api/get-landing-editor';
import { LandingForm } from '../components/landing-form';

/** /admin/content 'Edit Landing Page' (guide/administration.md#the-landing-page): the landing text and its FAQs. */
export function Component() {
  // Read afresh on arrival, so the form is filled from what is stored now.
  const editor = useQuery({ ...landingEditorQuery, refetchOnMount: 'always' });
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageHeader title={LANDING_MESSAGES.title}>
        <Link to="/" target="_blank" rel="noreferrer" className={buttonClasses('outline')}>
          <ExternalLink className="h-4 w-4" aria-hidden />
          View landing page
        </Link>
      </PageHeader>
      {editor.isError ? (
        <ErrorState message={editor.error.message} onRetry={() => void editor.refetch()} />
      ) : !editor.data || !editor.isFetchedAfterMount ? (
        <LoadingState label="Loading content..." />
      ) : (
        <LandingForm editor={editor.data} />
      )}
    </main>
  );
}
