import { Link } from 'react-router';
import type { RequestListRow } from '@shared/api/requests';
import { buttonClasses } from '@web/components/ui/button';
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
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Request
            </th>
            {showCoordinator && (
              <th scope="col" className="px-4 py-3 font-medium">
                Coordinator
              </th>
            )}
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Due
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <RequestRow key={row.id} row={row} showCoordinator={showCoordinator} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const dueClass = (past: boolean) => (past ? 'font-medium text-red-600' : 'text-slate-700');

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

function RequestRow({ row, showCoordinator }: { row: RequestListRow; showCoordinator: boolean }) {
  const due = dueInfo(row.promotionStartDate, row.submittedAt, row.status);
  return (
    <tr className="hover:bg-slate-50">
      <td className="px-4 py-3">
        <div className="font-medium text-slate-900">{row.eventTitle}</div>
        <div className="text-xs text-slate-500">
          {row.ministryName ?? 'No ministry'} · {row.requesterName}
        </div>
      </td>
      {showCoordinator && <td className="px-4 py-3 text-slate-700">{row.coordinatorName ?? 'Unassigned'}</td>}
      <td className="px-4 py-3">
        <StatusBadge status={row.status} />
      </td>
      <td className={`px-4 py-3 ${dueClass(due.past)}`} data-past={due.past}>
        {due.label}
      </td>
      <td className="px-4 py-3 text-right">
        <DetailsLink row={row} />
      </td>
    </tr>
  );
}

/** The same rows as cards: title and status, who, the due date, and Details at full width. */
function RequestCards({ rows, showCoordinator, caption }: Props) {
  return (
    <ul className="divide-y divide-slate-100" aria-label={caption}>
      {rows.map((row) => {
        const due = dueInfo(row.promotionStartDate, row.submittedAt, row.status);
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
              <dd className={dueClass(due.past)} data-past={due.past}>
                {due.label}
              </dd>
            </dl>
            <DetailsLink row={row} className="w-full justify-center" />
          </li>
        );
      })}
    </ul>
  );
}
