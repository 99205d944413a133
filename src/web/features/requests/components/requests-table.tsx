import { Link } from 'react-router';
import type { RequestListRow } from '@shared/api/requests';
import { StatusBadge } from '@web/components/ui/status-badge';
import { EmptyState } from '@web/components/ui/states';
import { buttonClasses } from '@web/components/ui/button';
import { dueInfo } from '../lib/due';

export const EMPTY_MESSAGE = 'No requests match the current filters.';

interface Props {
  rows: RequestListRow[];
  /** Coordinator level shows the Coordinator column. */
  showCoordinator: boolean;
  caption: string;
}

/** The requests table of spec 001 section 2: Request, Coordinator, Status, Due, Actions. */
export function RequestsTable({ rows, showCoordinator, caption }: Props) {
  if (rows.length === 0) return <EmptyState>{EMPTY_MESSAGE}</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Request</th>
            {showCoordinator && <th scope="col" className="px-4 py-3 font-medium">Coordinator</th>}
            <th scope="col" className="px-4 py-3 font-medium">Status</th>
            <th scope="col" className="px-4 py-3 font-medium">Due</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">Actions</th>
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

function RequestRow({ row, showCoordinator }: { row: RequestListRow; showCoordinator: boolean }) {
  const due = dueInfo(row.promotionStartDate, row.submittedAt);
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
      <td className={`px-4 py-3 ${due.past ? 'font-medium text-red-600' : 'text-slate-700'}`} data-past={due.past}>
        {due.label}
      </td>
      <td className="px-4 py-3 text-right">
        <Link
          to={`/request/${row.id}`}
          className={buttonClasses('outline', 'sm')}
          aria-label={`Details of ${row.eventTitle}`}
        >
          Details
        </Link>
      </td>
    </tr>
  );
}
