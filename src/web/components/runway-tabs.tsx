import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { SUNDAYS_MESSAGES, type Runway } from '@shared/api/sundays';
import { PageHeader } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** The runways in order (the tab bar and the dashboard's cards); 'sundays' events refresh them. */
export const runwaysQuery = queryOptions({
  queryKey: ['sundays', 'runways'],
  queryFn: async () => (await api.get<{ items: Runway[] }>('/api/runways')).items,
  staleTime: 5 * 60_000,
});

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium ${
    isActive ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
  }`;

/**
 * The runway tab bar (guide/sunday-planning.md#the-runways-dashboard): All Runways, one tab per runway (code and name from
 * the data), Planning, Schedule (guide/sunday-planning.md#the-schedule) and Manage runways. Shown on /runways, /runways/{code} and /runways/planning. `showRunways`
 * is false for people who may open only the Planning tab (creatives, by the route table).
 */
export function RunwayTabs({ showRunways = true }: { showRunways?: boolean }) {
  const { data: runways = [], error } = useQuery({ ...runwaysQuery, enabled: showRunways });
  const shown = useRef<Error | null>(null);
  useEffect(() => {
    if (error && error !== shown.current)
      toast({ title: SUNDAYS_MESSAGES.fetchRunwaysFailed, description: error.message, variant: 'destructive' });
    shown.current = error;
  }, [error]);
  return (
    <nav aria-label="Runways" className="mb-4 overflow-x-auto">
      <div className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
        {showRunways && (
          <NavLink to="/runways" end className={tabClass}>
            All Runways
          </NavLink>
        )}
        {showRunways &&
          runways.map((r) => (
            <NavLink key={r.id} to={`/runways/${r.code}`} className={tabClass}>
              {r.name}
            </NavLink>
          ))}
        <NavLink to="/runways/planning" className={tabClass}>
          Planning
        </NavLink>
        {showRunways && (
          <NavLink to="/runways/schedule" className={tabClass}>
            Schedule
          </NavLink>
        )}
        {showRunways && (
          <NavLink to="/runways/manage" className={tabClass}>
            Manage runways
          </NavLink>
        )}
        {showRunways && (
          <NavLink to="/runways/templates" className={tabClass}>
            Sunday templates
          </NavLink>
        )}
      </div>
    </nav>
  );
}

/**
 * A runway setup screen (Manage runways, Sunday templates): its title, the tab bar and a line on
 * what it is for, then its data once loaded, or the loading and retry states.
 */
export function RunwayScreen<T>({
  title,
  subtitle,
  query,
  loadingLabel,
  failedMessage,
  children,
}: {
  title: string;
  subtitle: string;
  query: UseQueryResult<T>;
  loadingLabel: string;
  failedMessage: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <main className="px-4 py-8 sm:px-6">
      <PageHeader title={title} />
      <RunwayTabs />
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{subtitle}</p>
      {query.isPending ? (
        <LoadingState label={loadingLabel} />
      ) : !query.data ? (
        <ErrorState message={failedMessage} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </main>
  );
}
