import { useInfiniteQuery } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { RefreshCw, Search } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { INTAKE_STATUSES, type IntakeFilters, type IntakeRow } from '@shared/api/requests';
import { statusLabel } from '@shared/domain/statuses';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { DataTable, WORK_LIST_TABLE } from '@web/components/ui/data-table';
import { Input, Label } from '@web/components/ui/input';
import { ListFooter } from '@web/components/ui/list-footer';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { StatusBadge } from '@web/components/ui/status-badge';
import { useCurrentUser } from '@web/features/auth';
import { IntakeFlags } from '@web/features/capacity';
import { useListParams, useSearchText } from '@web/lib/use-list-params';
import { useWideLayout } from '@web/lib/use-media-query';
import { ExportCsvLink } from '@web/components/ui/export-csv-link';
import { intakeExportUrl } from '../api/export-intake';
import { intakeQuery } from '../api/get-intake';
import { MinistryFilterOptions } from '@web/lib/ministry-filter-options';

export const INTAKE_EMPTY = 'All clear! There are no requests matching your criteria.';

const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/** Intake Queue (guide/intake-and-approvals.md#the-intake-queue): every open request for coordinators, soonest promotion first. */
export function Component() {
  const user = useCurrentUser();
  if (!user) return <LoadingState label="Loading user data..." />;
  return <IntakeScreen />;
}

function IntakeScreen() {
  // Filters live in the address (decision 0057): closing a request comes back to them.
  const [params, setParams] = useListParams({ search: '', status: '', ministry: '' });
  const writeSearch = useCallback((text: string) => setParams({ search: text }, { replace: true }), [setParams]);
  const [search, setSearch] = useSearchText(params.search, writeSearch);
  const status = (INTAKE_STATUSES as readonly string[]).includes(params.status) ? params.status : '';
  const ministryId = params.ministry;
  const setStatus = (value: string) => setParams({ status: value });
  const setMinistryId = (value: string) => setParams({ ministry: value });
  const filters: Omit<IntakeFilters, 'cursor'> = {
    search: params.search.trim() || undefined,
    status: (status || undefined) as IntakeFilters['status'],
    ministryId: ministryId || undefined,
  };
  const queue = useInfiniteQuery(intakeQuery(filters));
  const rows = queue.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Intake Queue">
        <Button variant="outline" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
          <RefreshCw className={`h-4 w-4 ${queue.isFetching ? 'animate-spin' : ''}`} aria-hidden />
          Refresh
        </Button>
        <ExportCsvLink href={intakeExportUrl(filters)} />
      </PageHeader>
      <div className="mb-6 grid gap-3 sm:grid-cols-3">
        <div>
          <Label htmlFor="intake-search">Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
            <Input
              id="intake-search"
              type="search"
              placeholder="Search requests..."
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div>
          <Label htmlFor="intake-status">Status</Label>
          <select id="intake-status" className={SELECT} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">All</option>
            {INTAKE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="intake-ministry">Ministry</Label>
          <select id="intake-ministry" className={SELECT} value={ministryId} onChange={(e) => setMinistryId(e.target.value)}>
            <MinistryFilterOptions />
          </select>
        </div>
      </div>
      <Card>
        {queue.isPending ? (
          <LoadingState label="Loading requests..." />
        ) : queue.isError ? (
          <ErrorState message={queue.error.message} onRetry={() => void queue.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState>{INTAKE_EMPTY}</EmptyState>
        ) : (
          <>
            <IntakeTable rows={rows} />
            <ListFooter
              shown={rows.length}
              total={queue.data.pages[0]?.total}
              noun="requests"
              hasNextPage={queue.hasNextPage}
              isFetchingNextPage={queue.isFetchingNextPage}
              onLoadMore={() => void queue.fetchNextPage()}
            />
          </>
        )}
      </Card>
    </main>
  );
}

const promoStarts = (row: IntakeRow) => (row.promotionStartDate ? format(parseISO(row.promotionStartDate), 'MMM d, yyyy') : 'N/A');

function ViewLink({ row, className = '' }: { row: IntakeRow; className?: string }) {
  return (
    <Link to={`/request/${row.id}`} className={`${buttonClasses('outline', 'sm')} ${className}`} aria-label={`View ${row.eventTitle}`}>
      View
    </Link>
  );
}

/** A table from the small breakpoint up; one card per request below it, View always in reach. */
function IntakeTable({ rows }: { rows: IntakeRow[] }) {
  const wide = useWideLayout();
  if (!wide) return <IntakeCards rows={rows} />;
  return (
    <div className="overflow-x-auto">
      <DataTable
        caption="Intake Queue"
        {...WORK_LIST_TABLE}
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'request',
            header: 'Request',
            cell: (row) => (
              <>
                <div className="font-medium text-slate-900">{row.eventTitle}</div>
                <div className="text-xs text-slate-500">{row.requesterName}</div>
                <IntakeFlags fullWeeks={row.fullWeeks} missedDueDates={row.missedDueDates} />
              </>
            ),
          },
          { key: 'ministry', header: 'Ministry', className: 'text-slate-700', cell: (row) => row.ministryName ?? 'N/A' },
          { key: 'promo', header: 'Promo Starts', className: 'text-slate-700', cell: promoStarts },
          { key: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
          {
            key: 'actions',
            header: 'Actions',
            headerClassName: 'text-right',
            className: 'text-right',
            cell: (row) => <ViewLink row={row} />,
          },
        ]}
      />
    </div>
  );
}

function IntakeCards({ rows }: { rows: IntakeRow[] }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Intake Queue">
      {rows.map((row) => (
        <li key={row.id} data-testid="intake-card" className="space-y-2 px-4 py-3 text-sm">
          <div className="flex items-start justify-between gap-3">
            <span className="min-w-0 break-words font-medium text-slate-900">{row.eventTitle}</span>
            <StatusBadge status={row.status} />
          </div>
          <div className="text-xs text-slate-500">
            {row.ministryName ?? 'N/A'} · {row.requesterName}
          </div>
          <div className="text-xs text-slate-700">
            <span className="text-slate-500">Promo Starts</span> {promoStarts(row)}
          </div>
          <IntakeFlags fullWeeks={row.fullWeeks} missedDueDates={row.missedDueDates} />
          <ViewLink row={row} className="w-full justify-center" />
        </li>
      ))}
    </ul>
  );
}
