import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '@shared/api/auth';
import type { MyRequestsFilters, MyRequestsResponse, RequestListRow } from '@shared/api/requests';
import { hasRank } from '@shared/domain/roles';
import { buttonClasses } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { useCurrentUser } from '@web/features/auth/api/session';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { coordinatorsQuery } from '../api/get-coordinators';
import { myRequestsQuery } from '../api/get-my-requests';
import { EMPTY_FILTERS, RequestFilters, type RequestFilterValues } from '../components/request-filters';
import { RequestSection } from '../components/request-section';
import { RequestsTable } from '../components/requests-table';
import { TruncationNote } from '../components/truncation-note';

/**
 * Requests (spec 001 section 2): coordinators and above get their own submissions and their team's
 * in two sections; everyone else one table of what the server lets them see.
 */
export function Component() {
  const user = useCurrentUser();
  if (!user) return <LoadingState />;
  return <MyRequestsScreen user={user} />;
}

function toQuery(values: RequestFilterValues, coordinatorLevel: boolean): MyRequestsFilters {
  return {
    search: values.search.trim() || undefined,
    status: values.status || undefined,
    ministryId: values.ministryId || undefined,
    coordinatorId: coordinatorLevel ? values.coordinatorId || undefined : undefined,
  };
}

function MyRequestsScreen({ user }: { user: CurrentUser }) {
  const coordinatorLevel = user.role !== 'viewer' && hasRank(user.role, 'coordinator');
  const canCreate = user.role !== 'viewer' && hasRank(user.role, 'requester');
  const [filters, setFilters] = useState<RequestFilterValues>(EMPTY_FILTERS);
  const debouncedSearch = useDebouncedValue(filters.search);
  const query = toQuery({ ...filters, search: debouncedSearch }, coordinatorLevel);
  const requestsResult = useQuery(myRequestsQuery(query));
  const coordinators = useQuery({ ...coordinatorsQuery, enabled: coordinatorLevel });

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Requests">
        {canCreate && (
          <Link to="/request/new" className={buttonClasses('primary')}>
            <Plus className="h-4 w-4" aria-hidden />
            New Request
          </Link>
        )}
      </PageHeader>
      <div className="mb-6">
        <RequestFilters value={filters} onChange={setFilters} coordinators={coordinatorLevel ? (coordinators.data ?? []) : undefined} />
      </div>
      {requestsResult.isPending ? (
        <LoadingState label="Loading requests..." />
      ) : requestsResult.isError ? (
        <Card>
          <ErrorState message={requestsResult.error.message} onRetry={() => void requestsResult.refetch()} />
        </Card>
      ) : coordinatorLevel ? (
        <div className="space-y-6">
          <RequestSection title={`My Submitted Requests (${requestsResult.data.mine.total})`} section={requestsResult.data.mine} />
          <RequestSection title="Team & Assigned Requests" section={requestsResult.data.team} />
        </div>
      ) : (
        <SingleTable data={requestsResult.data} title={user.role === 'viewer' ? 'Requests Shared With You' : 'My Requests'} />
      )}
    </main>
  );
}

/** One table for everyone below coordinator level: both sections merged, newest first. */
function SingleTable({ data, title }: { data: MyRequestsResponse; title: string }) {
  const rows = useMemo<RequestListRow[]>(
    () => [...data.mine.rows, ...data.team.rows].sort((a, b) => b.submittedAt.localeCompare(a.submittedAt)),
    [data],
  );
  return (
    <Card>
      <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">{title}</h2>
      <RequestsTable rows={rows} showCoordinator={false} caption={title} />
      <TruncationNote shown={rows.length} total={data.mine.total + data.team.total} />
    </Card>
  );
}
