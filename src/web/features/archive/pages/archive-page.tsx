import * as Tabs from '@radix-ui/react-tabs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { Copy, Eye } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ArchiveKind, ArchiveRow } from '@shared/api/requests';
import { buttonClasses } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { ListFooter } from '@web/components/ui/list-footer';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { Badge } from '@web/components/ui/status-badge';
import { toast } from '@web/components/ui/toast-store';
import { ExportCsvLink } from '@web/components/ui/export-csv-link';
import { archiveExportUrl } from '../api/export-archive';
import { archiveQuery } from '../api/get-archive';

export const ARCHIVE_ERROR = 'Error loading archive';

const TABS: Array<{ kind: ArchiveKind; label: string; empty: string }> = [
  { kind: 'recurring', label: 'Recurring Events', empty: 'No archived recurring events.' },
  { kind: 'onetime', label: 'One-Time Events', empty: 'No archived one-time events.' },
];

const TAB_TRIGGER =
  'rounded-md px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/** Archive (guide/intake-and-approvals.md#the-archive): archived events to look back on or duplicate into a new request. */
export function Component() {
  const [kind, setKind] = useState<ArchiveKind>('recurring');
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Archive">
        <ExportCsvLink href={archiveExportUrl(kind)} label={TABS.find((t) => t.kind === kind)?.label} />
      </PageHeader>
      <Tabs.Root value={kind} onValueChange={(value) => setKind(value as ArchiveKind)}>
        <Tabs.List aria-label="Archived events" className="mb-4 inline-flex gap-1 rounded-lg bg-slate-100 p-1">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.kind} value={t.kind} className={TAB_TRIGGER}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.kind} value={t.kind} className="focus:outline-none">
            <ArchiveList kind={t.kind} empty={t.empty} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </main>
  );
}

function ArchiveList({ kind, empty }: { kind: ArchiveKind; empty: string }) {
  const result = useInfiniteQuery(archiveQuery(kind));
  const rows = result.data?.pages.flatMap((p) => p.rows) ?? [];
  useEffect(() => {
    if (result.isError) toast({ title: ARCHIVE_ERROR, description: result.error.message, variant: 'destructive' });
  }, [result.isError, result.error]);

  if (result.isPending) return <LoadingState label="Loading archive..." />;
  if (result.isError) {
    return (
      <Card>
        <ErrorState message={ARCHIVE_ERROR} onRetry={() => void result.refetch()} />
      </Card>
    );
  }
  if (rows.length === 0) {
    return (
      <Card>
        <EmptyState>{empty}</EmptyState>
      </Card>
    );
  }
  return (
    <Card>
      <ul className="divide-y divide-slate-100">
        {rows.map((row) => (
          <ArchiveItem key={row.id} row={row} />
        ))}
      </ul>
      <ListFooter
        shown={rows.length}
        total={result.data.pages[0]?.total}
        noun="archived events"
        hasNextPage={result.hasNextPage}
        isFetchingNextPage={result.isFetchingNextPage}
        onLoadMore={() => void result.fetchNextPage()}
      />
    </Card>
  );
}

const day = (iso: string | null, fromTimestamp = false) =>
  iso ? format(fromTimestamp ? new Date(iso) : parseISO(iso), 'MMM d, yyyy') : 'N/A';

function ArchiveItem({ row }: { row: ArchiveRow }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <span className="font-medium text-slate-900">{row.eventTitle}</span>
          {row.tier && <Badge>Tier {row.tier}</Badge>}
        </div>
        <div className="text-xs text-slate-500">
          {row.ministryName ?? 'No ministry'} · {row.requesterName} · Event {day(row.eventStartDate)} · Archived {day(row.archivedAt, true)}
          {row.archivedByName ? ` by ${row.archivedByName}` : ''}
        </div>
      </div>
      <div className="flex gap-2">
        <Link to={`/request/new?duplicate=${row.id}`} className={buttonClasses('outline', 'sm')} aria-label={`Duplicate ${row.eventTitle}`}>
          <Copy className="h-4 w-4" aria-hidden />
          Duplicate
        </Link>
        <Link to={`/request/${row.id}`} className={buttonClasses('ghost', 'sm')} aria-label={`View ${row.eventTitle}`}>
          <Eye className="h-4 w-4" aria-hidden />
          View
        </Link>
      </div>
    </li>
  );
}
