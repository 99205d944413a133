import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { CALENDAR_LIMIT, CALENDAR_MESSAGES } from '@shared/api/calendar';
import { longDateLabel } from '@shared/domain/calendar';
import { taskCountLabel } from '@shared/domain/tasks';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { calendarDayTasksQuery } from '../api/get-calendar';
import { TaskChip } from './task-chip';

export interface OpenDay {
  date: string;
  /** The day's count from the grid, shown until the day's own list arrives. */
  count: number;
}

/**
 * Every task of one day, behind a day's '+N more' (guide/tasks-and-calendar.md#my-tasks-and-all-tasks shows four, then '+N more').
 * The grid carries only each day's first chips (decision 0044), so the dialog asks for the day.
 * A modal dialog: focus moves in, stays in, Escape closes it and focus returns to the button.
 */
export function DayTasksDialog({
  day,
  ministryId,
  onOpenChange,
  returnFocusTo,
}: {
  day: OpenDay | null;
  /** The grid's ministry filter, which the day's list keeps. */
  ministryId?: string;
  onOpenChange: (open: boolean) => void;
  /** The '+N more' button that opened it (a controlled dialog has no trigger to return to). */
  returnFocusTo: HTMLElement | null;
}) {
  return (
    <Dialog.Root open={!!day} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            if (!returnFocusTo?.isConnected) return;
            e.preventDefault();
            returnFocusTo.focus();
          }}
          className="fixed left-1/2 top-1/2 z-[61] flex max-h-[85vh] w-full max-w-md -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl"
        >
          {day && <DayTasks day={day} ministryId={ministryId} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DayTasks({ day, ministryId }: { day: OpenDay; ministryId?: string }) {
  // Its key starts with the calendar's, so live changes reload the open day with the grid.
  const tasks = useQuery(calendarDayTasksQuery(day.date, ministryId));
  const count = tasks.data ? tasks.data.items.length : day.count;
  return (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-4">
        <div>
          <Dialog.Title className="text-lg font-semibold text-slate-900">{`Tasks due ${longDateLabel(day.date)}`}</Dialog.Title>
          <Dialog.Description className="mt-0.5 text-sm text-slate-600">
            {tasks.data?.truncated ? `The first ${CALENDAR_LIMIT} tasks` : taskCountLabel(count)}
          </Dialog.Description>
        </div>
        <Dialog.Close aria-label="Close" className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
          <X className="h-5 w-5" aria-hidden />
        </Dialog.Close>
      </div>
      {tasks.isPending ? (
        <LoadingState label="Loading tasks..." />
      ) : tasks.isError ? (
        <ErrorState message={CALENDAR_MESSAGES.fetchFailed} onRetry={() => void tasks.refetch()} />
      ) : (
        <ul className="space-y-1.5 overflow-y-auto p-4" aria-label="Tasks">
          {tasks.data.items.map((task) => (
            <li key={task.id}>
              <TaskChip task={task} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
