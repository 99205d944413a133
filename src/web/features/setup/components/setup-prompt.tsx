import { useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '@web/features/auth';
import { setupChecklistQuery } from '../api/setup-checklist';

/**
 * For an admin whose church is not set up yet, on screens that are empty because of it (My Tasks,
 * the runways dashboard): a link to the setup checklist. Nothing for anyone else, nor once every
 * step is done or dismissed.
 */
export function SetupPrompt() {
  const user = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const checklist = useQuery({ ...setupChecklistQuery, enabled: isAdmin });
  if (!isAdmin || !checklist.data || checklist.data.open === 0) return null;
  return (
    <p className="mx-auto mt-4 flex max-w-xl items-center justify-center gap-2 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800">
      <ListChecks className="h-4 w-4 shrink-0" aria-hidden />
      <span>
        Your church is not set up yet: {checklist.data.open} {checklist.data.open === 1 ? 'step' : 'steps'} to go.{' '}
        <Link to="/admin/setup" className="font-medium underline underline-offset-2">
          Open the setup checklist
        </Link>
      </span>
    </p>
  );
}
