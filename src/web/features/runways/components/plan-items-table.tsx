import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { Paperclip, Upload } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { SUNDAYS_MESSAGES, type PlanPerson } from '@shared/api/sundays';
import { SUNDAY_TASK_BADGE_LABELS, type RunwayCode, type SundayTaskBadge } from '@shared/domain/planning';
import { sundayTaskBadge } from '@shared/domain/planning-rules';
import { Button } from '@web/components/ui/button';
import { DataTable, type Column } from '@web/components/ui/data-table';
import { Input, Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { uploadPlanFile } from '../api/upload-plan-file';
import { draftFacts, type DraftItem, type SundayEditor } from './use-sunday-editor';
import { availabilityLabel, useAvailability } from '@web/features/people';
import { useCurrentUser } from '@web/features/auth';

// Answers and replacements load after the editor: only saved, assigned tasks show them.
const AssignmentAnswer = lazy(() => import('./assignment-answer'));

const BADGE_CLASSES: Record<SundayTaskBadge, string> = {
  complete: 'bg-green-100 text-green-800',
  in_progress: 'bg-blue-100 text-blue-800',
  needs_assignee: 'bg-orange-100 text-orange-800',
  not_started: 'bg-slate-100 text-slate-700',
};

export function TaskBadge({ badge }: { badge: SundayTaskBadge }) {
  return (
    <span
      data-badge={badge}
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${BADGE_CLASSES[badge]}`}
    >
      {SUNDAY_TASK_BADGE_LABELS[badge]}
    </span>
  );
}

/**
 * One runway's tasks of a Sunday as the spec's table (guide/sunday-planning.md#the-runways-dashboard): Status, Task,
 * Details / Link, Assigned To, Done. File-type tasks upload a file, 'script' tasks get a
 * multi-line field, the others one line for details or a link. The badge follows the row live.
 */
export function PlanItemsTable(props: {
  code: RunwayCode;
  label: string;
  editor: SundayEditor;
  assignees: PlanPerson[];
  sundayDate: string;
}) {
  const { code, label, editor } = props;
  const items = editor.itemsOf(code);
  const id = useId();
  const me = useCurrentUser();
  // The picker marks who is blocked out, declined or full that Sunday: one read for the whole Sunday (shared by every row).
  const availability = useAvailability(props.sundayDate, !editor.readOnly);
  if (items.length === 0) return <p className="py-3 text-sm text-slate-500">No tasks for this runway.</p>;
  const disabled = editor.readOnly || editor.saving;
  const change = (index: number) => (patch: Partial<DraftItem>) => editor.setItem(code, index, patch);
  const columns: Column<DraftItem>[] = [
    {
      key: 'status',
      header: 'Status',
      headerClassName: 'pr-3',
      width: 'w-32',
      className: 'pr-3 max-sm:p-0',
      cell: (item) => <TaskBadge badge={sundayTaskBadge(draftFacts(item))} />,
    },
    {
      key: 'task',
      header: 'Task',
      headerClassName: 'pr-3',
      width: 'w-44',
      className: 'pr-3 font-medium text-slate-900 max-sm:p-0',
      cell: (item) => (
        <>
          {item.taskName}
          {(item.dueDate || item.oneOff) && (
            <span className="block text-xs font-normal text-slate-500">
              {item.dueDate ? `Due ${format(parseISO(item.dueDate), 'EEE MMM d')}` : ''}
              {item.dueDate && item.oneOff ? ' · ' : ''}
              {item.oneOff ? 'This Sunday only' : ''}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'details',
      header: 'Details / Link',
      headerClassName: 'pr-3',
      className: 'pr-3 max-sm:col-span-2 max-sm:p-0',
      cell: (item, index) =>
        item.isCheckOnly ? (
          <span className="text-sm text-slate-500">Check only: mark it done</span>
        ) : item.isFileTask ? (
          <FileField item={item} onChange={change(index)} disabled={disabled} sundayDate={props.sundayDate} />
        ) : item.isScript ? (
          <Textarea
            id={`${id}-${index}-text`}
            aria-label={`${item.taskName} details`}
            rows={3}
            value={item.text}
            disabled={disabled}
            onChange={(e) => change(index)({ text: e.target.value })}
          />
        ) : (
          <Input
            id={`${id}-${index}-text`}
            aria-label={`${item.taskName} details or link`}
            className="h-9"
            value={item.text}
            disabled={disabled}
            placeholder="Details or https:// link"
            onChange={(e) => change(index)({ text: e.target.value })}
          />
        ),
    },
    {
      key: 'assignee',
      header: 'Assigned To',
      headerClassName: 'pr-3',
      width: 'w-48',
      className: 'pr-3 max-sm:col-span-2 max-sm:p-0',
      cell: (item, index) => (
        <>
          <select
            id={`${id}-${index}-assignee`}
            aria-label={`${item.taskName} assigned to`}
            className="h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm disabled:bg-slate-100"
            value={item.assignedToId ?? ''}
            disabled={disabled}
            onChange={(e) => change(index)({ assignedToId: e.target.value || null })}
          >
            <option value="">Unassigned</option>
            {props.assignees.map((p) => (
              <option key={p.id} value={p.id}>
                {availabilityLabel(p.fullName, p.id, availability.data)}
              </option>
            ))}
          </select>
          <Suspense fallback={null}>
            {!!item.id && !!item.assignedToId && item.assignedToId === item.savedAssigneeId && (
              <AssignmentAnswer
                kind="task"
                id={item.id}
                title={item.taskName}
                response={item.response}
                reason={item.responseReason}
                assigneeId={item.assignedToId}
                mine={item.assignedToId === me?.id && !item.isComplete}
                date={props.sundayDate}
                canReplace={!disabled}
                onPick={(assignedToId) => change(index)({ assignedToId })}
                candidates={props.assignees.map((p) => p.id)}
              />
            )}
          </Suspense>
        </>
      ),
    },
    {
      key: 'done',
      header: 'Done',
      width: 'w-14',
      className: 'max-sm:col-span-2 max-sm:p-0',
      cell: (item, index) => (
        <label htmlFor={`${id}-${index}-done`} className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input
            id={`${id}-${index}-done`}
            type="checkbox"
            aria-label={`${item.taskName} done`}
            className="h-4 w-4 accent-brand-600 sm:mt-2"
            checked={item.isComplete}
            disabled={disabled}
            onChange={(e) => change(index)({ isComplete: e.target.checked })}
          />
          <span className="sm:hidden">Done</span>
        </label>
      ),
    },
  ];
  return (
    <div className="relative">
      {/* A table from the sm breakpoint up; on phones each row stacks as a small card. */}
      <DataTable
        aria-label={`${label} tasks`}
        columns={columns}
        rows={items}
        rowKey={(item) => item.taskName}
        className="w-full text-left text-sm max-sm:block sm:table-fixed"
        headClassName="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 max-sm:sr-only"
        headerCellClassName="py-2 font-medium"
        bodyClassName="divide-y divide-slate-100 max-sm:block"
        rowClassName="align-top max-sm:grid max-sm:grid-cols-[auto_1fr] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-2 max-sm:py-3"
        cellClassName="py-2"
      />
    </div>
  );
}

/** A file task's upload: the file goes to the server at once (progress shown); the row keeps its link until saved. */
function FileField({
  item,
  onChange,
  disabled,
  sundayDate,
}: {
  item: DraftItem;
  onChange: (patch: Partial<DraftItem>) => void;
  disabled: boolean;
  sundayDate: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (file: File) => {
    setProgress(0);
    try {
      const result = await uploadPlanFile(sundayDate, file, setProgress);
      onChange({ fileUrl: result.url, fileName: result.fileName });
    } catch (err) {
      toast({ title: SUNDAYS_MESSAGES.uploadFailed, description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || progress !== null}
        onClick={() => input.current?.click()}
        aria-label={`${item.fileUrl ? 'Replace' : 'Upload'} file for ${item.taskName}`}
      >
        <Upload className="h-4 w-4" aria-hidden />
        {item.fileUrl ? 'Replace' : 'Upload'}
      </Button>
      {progress !== null && <progress className="h-2 w-24" max={1} value={progress} aria-label={`Uploading file for ${item.taskName}`} />}
      {item.fileUrl && (
        <a href={item.fileUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-brand-700 underline">
          <Paperclip className="h-3.5 w-3.5" aria-hidden />
          {item.fileName ?? 'File'}
        </a>
      )}
    </div>
  );
}
