import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { CalendarItem } from '@shared/api/calendar';
import { longDateLabel } from '@shared/domain/calendar';
import { TaskChip } from './task-chip';

export interface OpenDay {
  date: string;
  tasks: CalendarItem[];
}

/**
 * Every task of one day, behind a day's '+N more' (spec 002 section 2 shows four, then '+N more').
 * A modal dialog: focus moves in, stays in, Escape closes it and focus returns to the button.
 */
export function DayTasksDialog({
  day,
  onOpenChange,
  returnFocusTo,
}: {
  day: OpenDay | null;
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
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                {day ? `Tasks due ${longDateLabel(day.date)}` : ''}
              </Dialog.Title>
              <Dialog.Description className="mt-0.5 text-sm text-slate-600">
                {day ? `${day.tasks.length} ${day.tasks.length === 1 ? 'task' : 'tasks'}` : ''}
              </Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close" className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          {day && (
            <ul className="space-y-1.5 overflow-y-auto p-4" aria-label="Tasks">
              {day.tasks.map((task) => (
                <li key={task.id}>
                  <TaskChip task={task} />
                </li>
              ))}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
