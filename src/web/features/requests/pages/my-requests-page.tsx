import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '@shared/api/auth';
import type { MyRequestSection } from '@shared/api/requests';
import { hasRank } from '@shared/domain/roles';
import { buttonClasses } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { countLabel, ListFooter } from '@web/components/ui/list-footer';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { useCurrentUser } from '@web/features/auth';
import { useListParams, useSearchText } from '@web/lib/use-list-params';
import { ExportCsvLink } from '@web/components/ui/export-csv-link';
import { myRequestsExportUrl } from '../api/export-my-requests';
import { coordinatorsQuery } from '../api/get-coordinators';
import { myRequestsQuery, type MyRequestsListFilters } from '../api/get-my-requests';
import { EMPTY_FILTERS, RequestFilters, type RequestFilterValues } from '../components/request-filters';
import { RequestSection, type PagedRows } from '../components/request-section';
import { RequestsTable } from '../components/requests-table';

/**
 * Requests (guide/requests.md#my-requests): coordinators and above get their own submissions and their team's
 * in two sections; everyone else one table of what the server lets them see.
 */
export function Component() {
  const user = useCurrentUser();
  if (!user) return <LoadingState />;
  return <MyRequestsScreen user={user} />;
}

function toQuery(values: RequestFilterValues, coordinatorLevel: boolean): MyRequestsListFilters {
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
  // Filters live in the address (decision 0057): closing a request comes back to them.
  const [params, setParams] = useListParams({ ...EMPTY_FILTERS });
  const writeSearch = useCallback((search: string) => setParams({ search }, { replace: true }), [setParams]);
  const [searchText, setSearchText] = useSearchText(params.search, writeSearch);
  const filters: RequestFilterValues = { ...params, search: searchText };
  const setFilters = (next: RequestFilterValues) => {
    if (next.search !== searchText) setSearchText(next.search);
    const { search: _search, ...choices } = next;
    if (Object.entries(choices).some(([k, v]) => params[k as keyof RequestFilterValues] !== v)) setParams(choices);
  };
  const query = toQuery(params, coordinatorLevel);
  const coordinators = useQuery({ ...coordinatorsQuery, enabled: coordinatorLevel });

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Requests">
        <ExportCsvLink href={myRequestsExportUrl({ section: 'all', ...query })} />
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
      {coordinatorLevel ? (
        <CoordinatorSections query={query} />
      ) : (
        <SingleTable query={query} title={user.role === 'viewer' ? 'Requests Shared With You' : 'My Requests'} />
      )}
    </main>
  );
}

/** One section's pages so far, flattened, with what its footer needs. */
function usePagedSection(section: MyRequestSection, query: MyRequestsListFilters) {
  const result = useInfiniteQuery(myRequestsQuery(section, query));
  const rows = result.data?.pages.flatMap((p) => p.rows) ?? [];
  const paged: PagedRows = {
    rows,
    footer: {
      shown: rows.length,
      total: result.data?.pages[0]?.total,
      noun: 'requests',
      hasNextPage: result.hasNextPage,
      isFetchingNextPage: result.isFetchingNextPage,
      onLoadMore: () => void result.fetchNextPage(),
    },
  };
  return { result, paged };
}

/** Coordinators and above: their own submissions and their team's, each paged on its own. */
function CoordinatorSections({ query }: { query: MyRequestsListFilters }) {
  const mine = usePagedSection('mine', query);
  const team = usePagedSection('team', query);
  if (mine.result.isPending || team.result.isPending) return <LoadingState label="Loading requests..." />;
  const failed = mine.result.isError ? mine.result : team.result.isError ? team.result : null;
  if (failed) {
    return (
      <Card>
        <ErrorState
          message={failed.error?.message ?? ''}
          onRetry={() => void Promise.all([mine.result.refetch(), team.result.refetch()])}
        />
      </Card>
    );
  }
  const mineTotal = mine.result.data?.pages[0]?.total;
  return (
    <div className="space-y-6">
      <RequestSection
        title={`My Submitted Requests (${mineTotal ? countLabel(mineTotal, mine.paged.rows.length) : mine.paged.rows.length})`}
        section={mine.paged}
      />
      <RequestSection title="Team & Assigned Requests" section={team.paged} />
    </div>
  );
}

/** One table for everyone below coordinator level: their whole scope, newest first. */
function SingleTable({ query, title }: { query: MyRequestsListFilters; title: string }) {
  const { result, paged } = usePagedSection('all', query);
  if (result.isPending) return <LoadingState label="Loading requests..." />;
  if (result.isError) {
    return (
      <Card>
        <ErrorState message={result.error.message} onRetry={() => void result.refetch()} />
      </Card>
    );
  }
  return (
    <Card>
      <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">{title}</h2>
      <RequestsTable rows={paged.rows} showCoordinator={false} caption={title} />
      <ListFooter {...paged.footer} />
    </Card>
  );
}
