import { dueInfo, dueLabel, formatDueDate } from '@shared/domain/tasks';

/** 'Due Jun 15, 2025' with 'Due soon' (within 7 days) or 'Overdue by N days' (whole days). */
export function DueDate({ dueDate, today, status }: { dueDate: string | null; today: string; status: string }) {
  if (!dueDate) return <span className="text-slate-500">No due date</span>;
  const info = dueInfo(dueDate, today, status);
  const label = dueLabel(info);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="text-slate-600">Due {formatDueDate(dueDate)}</span>
      {label && (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            info.kind === 'overdue' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-800'
          }`}
        >
          {label}
        </span>
      )}
    </span>
  );
}
