import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Clock } from 'lucide-react';
import { Link } from 'react-router';
import {
  ACCOUNTABILITY_MESSAGES as M,
  type Accountability,
  type AccountabilityList,
  type AccountabilityListPage,
  type FlaggedEvent,
  type FlaggedItem,
  type UnassignedRequest,
} from '@shared/api/accountability';

type Flag = { count: number; more: boolean };
/** A list as the page's first read gives it: its first rows, its capped count and where the next page starts. */
type FirstPage<T> = Flag & { rows: T[]; next: string | null };
import { formatDueDate } from '@shared/domain/tasks';
import { buttonClasses } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { DataTable } from '@web/components/ui/data-table';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { ExportCsvLink } from '@web/components/ui/export-csv-link';
import { ListFooter } from '@web/components/ui/list-footer';
import { useChannelLabel } from '@web/lib/church-config';
import type { AccountabilityTable } from '@shared/api/accountability';
import { accountabilityExportUrl } from '../api/export-accountability';
import { accountabilityQuery, useMoreRows } from '../api/get-accountability';
import { WorkloadCard } from '../components/workload-card';

/**
 * /accountability 'Accountability & Gaps' (guide/reports.md#accountability-and-gaps): critical alerts, at-risk
 * items, team workload and the unassigned requests, every number from the server. Each list shows
 * its first rows, says how many there are in all and loads the rest a keyset page at a time
 * ('Load more', decision 0060).
 */
export function Component() {
  const query = useQuery(accountabilityQuery);
  return (
    <main className="px-4 py-8 sm:px-6">
      <PageHeader title={M.title} />
      {query.isPending ? (
        <LoadingState label="Loading accountability..." />
      ) : query.isError ? (
        <ErrorState message={M.fetchFailed} onRetry={() => void query.refetch()} />
      ) : (
        <AccountabilityView data={query.data} />
      )}
    </main>
  );
}

function AccountabilityView({ data }: { data: Accountability }) {
  return (
    <div className="space-y-8">
      {data.allClear ? (
        <Card className="flex items-center gap-3 border-green-200 bg-green-50 p-5" role="status">
          <CheckCircle2 className="h-6 w-6 shrink-0 text-green-700" aria-hidden />
          <div>
            <p className="text-lg font-semibold text-green-800">{M.allClear}</p>
            <p className="text-sm text-green-800">{M.allClearBody}</p>
          </div>
        </Card>
      ) : (
        <CriticalAlerts data={data} />
      )}
      <Section title={M.atRiskItems} count={flagCount(data.atRiskItems)} hint={M.atRiskHint} table="at-risk-items">
        <Card className="px-4 py-2">
          <ItemList list="at-risk-items" first={data.atRiskItems} tone="orange" />
        </Card>
      </Section>
      <Section title={M.teamWorkload} table="team-workload">
        {data.workload.length === 0 ? (
          <Card>
            <EmptyState>{M.noTeam}</EmptyState>
          </Card>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={M.teamWorkload}>
            {data.workload.map((person) => (
              <WorkloadCard key={person.userId} person={person} />
            ))}
          </ul>
        )}
      </Section>
      <Section title={M.unassignedRequests} count={flagCount(data.unassignedRequests)} table="unassigned-requests">
        <UnassignedTable data={data} />
      </Section>
    </div>
  );
}

function CriticalAlerts({ data }: { data: Accountability }) {
  const tiles = [
    { label: M.overdueItems, count: data.overdueItems.count, shown: flagCount(data.overdueItems) },
    { label: M.eventsNotReady, count: data.eventsNotReady.count, shown: flagCount(data.eventsNotReady) },
    { label: M.unassignedRequests, count: data.unassignedRequests.count, shown: flagCount(data.unassignedRequests) },
  ];
  return (
    <section aria-labelledby="critical-alerts">
      <h2 id="critical-alerts" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <AlertTriangle className="h-5 w-5 text-red-700" aria-hidden />
        {M.criticalAlerts}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {tiles.map((tile) => (
          <Card key={tile.label} className={`p-4 ${tile.count > 0 ? 'border-red-200 bg-red-50' : ''}`}>
            <dt className="text-sm text-slate-700">{tile.label}</dt>
            <dd className={`mt-1 text-3xl font-bold ${tile.count > 0 ? 'text-red-700' : 'text-slate-900'}`}>{tile.shown}</dd>
          </Card>
        ))}
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {data.overdueItems.count > 0 && (
          <Card className="p-4">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium text-slate-900">{M.overdueItems}</h3>
              <ExportCsvLink href={accountabilityExportUrl('overdue-items')} label={M.overdueItems} size="sm" />
            </div>
            <ItemList list="overdue-items" first={data.overdueItems} tone="red" />
          </Card>
        )}
        {data.eventsNotReady.count > 0 && (
          <Card className="p-4">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium text-slate-900">{M.eventsNotReady}</h3>
              <ExportCsvLink href={accountabilityExportUrl('events-not-ready')} label={M.eventsNotReady} size="sm" />
            </div>
            <EventList first={data.eventsNotReady} />
          </Card>
        )}
      </div>
    </section>
  );
}

/** A flag's count as read: "12", or "200+" when the server stopped counting at its cap. */
const flagCount = (flag: Flag) => (flag.more ? `${flag.count}+` : String(flag.count));

function Section({
  title,
  count,
  hint,
  table,
  children,
}: {
  title: string;
  count?: string;
  hint?: string;
  /** The table's CSV export. */
  table?: AccountabilityTable;
  children: React.ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
          {count !== undefined && <span className="ml-2 text-base font-normal text-slate-600">({count})</span>}
        </h2>
        {hint && <p className="text-sm text-slate-600">{hint}</p>}
        {table && (
          <div className="ml-auto">
            <ExportCsvLink href={accountabilityExportUrl(table)} label={title} size="sm" />
          </div>
        )}
      </div>
      {children}
    </section>
  );
}

/**
 * A list's rows: the first read's, then the pages 'Load more' brought, after the first read's
 * cursor; the footer says how many of how many are shown.
 */
function usePagedRows<L extends AccountabilityList, T>(list: L, first: FirstPage<T>) {
  const more = useMoreRows(list, first.next);
  const loaded = (more.data?.pages ?? []).flatMap((page: AccountabilityListPage) => page.rows as T[]);
  const rows = [...first.rows, ...loaded];
  const hasNextPage = more.data ? more.hasNextPage : first.next !== null;
  const loadMore = () => void (more.data ? more.fetchNextPage() : more.refetch());
  return { rows, hasNextPage, isFetching: more.isFetching, isError: more.isError, loadMore };
}

function PagedFooter({ paged, flag, noun }: { paged: ReturnType<typeof usePagedRows>; flag: Flag; noun: string }) {
  return (
    <>
      {paged.isError && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          Could not load more. Try again.
        </p>
      )}
      <ListFooter
        shown={paged.rows.length}
        total={flag}
        noun={noun}
        hasNextPage={paged.hasNextPage}
        isFetchingNextPage={paged.isFetching}
        onLoadMore={paged.loadMore}
      />
    </>
  );
}

function ItemList({
  list,
  first,
  tone,
}: {
  list: 'overdue-items' | 'at-risk-items';
  first: FirstPage<FlaggedItem>;
  tone: 'red' | 'orange';
}) {
  const paged = usePagedRows(list, first);
  const channelLabel = useChannelLabel();
  if (first.count === 0) return <EmptyState>Nothing here.</EmptyState>;
  return (
    <>
      <ul className="divide-y divide-slate-100 text-sm">
        {(paged.rows as FlaggedItem[]).map((item) => (
          <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span className="min-w-0">
              <Link to={`/request/${item.requestId}`} className="font-medium text-slate-900 hover:underline">
                {item.eventTitle}
              </Link>
              <span className="text-slate-700"> · {channelLabel(item.channel)}</span>
            </span>
            <span className="flex items-center gap-2 text-slate-700">
              <Clock className={`h-4 w-4 ${tone === 'red' ? 'text-red-700' : 'text-orange-600'}`} aria-hidden />
              Due {formatDueDate(item.dueDate)} · {item.assigneeName ?? 'Unassigned'}
            </span>
          </li>
        ))}
      </ul>
      <PagedFooter paged={paged} flag={first} noun="items" />
    </>
  );
}

function EventList({ first }: { first: FirstPage<FlaggedEvent> }) {
  const paged = usePagedRows('events-not-ready', first);
  return (
    <>
      <ul className="divide-y divide-slate-100 text-sm">
        {(paged.rows as FlaggedEvent[]).map((e) => (
          <li key={e.requestId} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <Link to={`/request/${e.requestId}`} className="font-medium text-slate-900 hover:underline">
              {e.eventTitle}
            </Link>
            <span className="text-slate-700">
              {formatDueDate(e.eventStartDate)} · {e.readinessPct}% ready ({e.doneItems}/{e.totalItems})
            </span>
          </li>
        ))}
      </ul>
      <PagedFooter paged={paged} flag={first} noun="events" />
    </>
  );
}

function UnassignedTable({ data }: { data: Accountability }) {
  const paged = usePagedRows('unassigned-requests', data.unassignedRequests);
  const rows = paged.rows as UnassignedRequest[];
  if (data.unassignedRequests.count === 0)
    return (
      <Card>
        <EmptyState>Every request has a coordinator.</EmptyState>
      </Card>
    );
  return (
    <Card className="overflow-x-auto">
      <DataTable
        headClassName="border-b border-slate-200 bg-slate-50 text-slate-700"
        headerCellClassName="px-4 py-2 font-medium"
        cellClassName="px-4 py-2"
        rows={rows}
        rowKey={(r) => r.requestId}
        columns={[
          {
            key: 'event',
            header: 'Event',
            cell: (r) => (
              <Link to={`/request/${r.requestId}`} className="font-medium text-slate-900 hover:underline">
                {r.eventTitle}
              </Link>
            ),
          },
          {
            key: 'ministry',
            header: 'Ministry',
            headerClassName: 'hidden sm:table-cell',
            className: 'hidden text-slate-700 sm:table-cell',
            cell: (r) => r.ministryName ?? '—',
          },
          { key: 'waiting', header: 'Waiting', className: 'whitespace-nowrap text-slate-700', cell: (r) => waited(r.hoursWaiting) },
          {
            key: 'action',
            header: 'Action',
            hideHeader: true,
            className: 'text-right',
            cell: () => (
              <Link to="/admin/intake" className={buttonClasses('outline', 'sm', 'whitespace-nowrap')}>
                {M.assignNow}
              </Link>
            ),
          },
        ]}
      />
      <PagedFooter paged={paged} flag={data.unassignedRequests} noun="requests" />
    </Card>
  );
}

/** Hours waiting for people: '3 days' from 72 hours, '50 hours' under three days. */
function waited(hours: number): string {
  return hours >= 72 ? `${Math.floor(hours / 24)} days` : `${hours} hours`;
}
