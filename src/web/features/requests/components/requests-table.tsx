import { Link } from 'react-router';
import type { RequestListRow } from '@shared/api/requests';
import { buttonClasses } from '@web/components/ui/button';
import { DataTable, WORK_LIST_TABLE } from '@web/components/ui/data-table';
import { StatusBadge } from '@web/components/ui/status-badge';
import { EmptyState } from '@web/components/ui/states';
import { useWideLayout } from '@web/lib/use-media-query';
import { dueInfo } from '../lib/due';

export const EMPTY_MESSAGE = 'No requests match the current filters.';

interface Props {
  rows: RequestListRow[];
  /** Coordinator level shows the Coordinator column. */
  showCoordinator: boolean;
  caption: string;
}

/**
 * The requests list of guide/requests.md#my-requests: Request, Coordinator, Status, Due, Actions. A table
 * from the small breakpoint up; below it (a phone) one card per request, so nothing, the Details
 * action least of all, is clipped or scrolled out of reach.
 */
export function RequestsTable({ rows, showCoordinator, caption }: Props) {
  const wide = useWideLayout();
  if (rows.length === 0) return <EmptyState>{EMPTY_MESSAGE}</EmptyState>;
  if (!wide) return <RequestCards rows={rows} showCoordinator={showCoordinator} caption={caption} />;
  return (
    <div className="overflow-x-auto">
      <DataTable
        caption={caption}
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
                <div className="text-xs text-slate-500">
                  {row.ministryName ?? 'No ministry'} · {row.requesterName}
                </div>
              </>
            ),
          },
          showCoordinator && {
            key: 'coordinator',
            header: 'Coordinator',
            className: 'text-slate-700',
            cell: (row) => row.coordinatorName ?? 'Unassigned',
          },
          { key: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
          {
            key: 'due',
            header: 'Due',
            className: (row) => dueClass(due(row).past),
            cellAttributes: (row) => ({ 'data-past': due(row).past }),
            cell: (row) => due(row).label,
          },
          {
            key: 'actions',
            header: 'Actions',
            headerClassName: 'text-right',
            className: 'text-right',
            cell: (row) => <DetailsLink row={row} />,
          },
        ]}
      />
    </div>
  );
}

const dueClass = (past: boolean) => (past ? 'font-medium text-red-600' : 'text-slate-700');
const due = (row: RequestListRow) => dueInfo(row.promotionStartDate, row.submittedAt, row.status);

function DetailsLink({ row, className = '' }: { row: RequestListRow; className?: string }) {
  return (
    <Link
      to={`/request/${row.id}`}
      className={`${buttonClasses('outline', 'sm')} ${className}`}
      aria-label={`Details of ${row.eventTitle}`}
    >
      Details
    </Link>
  );
}

/** The same rows as cards: title and status, who, the due date, and Details at full width. */
function RequestCards({ rows, showCoordinator, caption }: Props) {
  return (
    <ul className="divide-y divide-slate-100" aria-label={caption}>
      {rows.map((row) => {
        const rowDue = due(row);
        return (
          <li key={row.id} data-testid="request-card" className="space-y-2 px-4 py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0 break-words font-medium text-slate-900">{row.eventTitle}</span>
              <StatusBadge status={row.status} />
            </div>
            <div className="text-xs text-slate-500">
              {row.ministryName ?? 'No ministry'} · {row.requesterName}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
              {showCoordinator && (
                <>
                  <dt className="text-slate-500">Coordinator</dt>
                  <dd className="text-slate-700">{row.coordinatorName ?? 'Unassigned'}</dd>
                </>
              )}
              <dt className="text-slate-500">Due</dt>
              <dd className={dueClass(rowDue.past)} data-past={rowDue.past}>
                {rowDue.label}
              </dd>
            </dl>
            <DetailsLink row={row} className="w-full justify-center" />
          </li>
        );
      })}
    </ul>
  );
}
