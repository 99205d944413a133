import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { addOneOffTaskBody, SUNDAYS_MESSAGES, type RunwayGroup, type SundayDetail } from '@shared/api/sundays';
import { TASK_KIND_LABELS, TASK_KINDS } from '@shared/domain/planning';
import { Button } from '@web/components/ui/button';
import { FieldError, Input } from '@web/components/ui/input';
import { useAddOneOffTask } from '../api/add-one-off-task';
import type { SundayEditor } from './use-sunday-editor';

const SELECT =
  'h-10 rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/** The task as typed; the version is the plan's, added when it is sent. */
const taskFields = addOneOffTaskBody.omit({ version: true });

/**
 * Adds a one-off task to this Sunday's runway plan (coordinators and above): a task of this Sunday
 * alone, not from a recurring task. Waits while the dialog has unsaved edits, so nobody's save
 * turns stale under them; a refusal keeps the name typed and says why.
 */
export default function OneOffTaskForm({ detail, group, editor }: { detail: SundayDetail; group: RunwayGroup; editor: SundayEditor }) {
  const id = useId();
  const add = useAddOneOffTask(detail.sundayDate);
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(taskFields), defaultValues: { taskName: '', kind: 'text' }, shouldFocusError: false });
  if (!detail.canAddTask) return null;
  const busy = add.isPending || editor.dirty || editor.saving;
  const submit = handleSubmit(async (task) => {
    try {
      await add.mutateAsync({ code: group.runway.code, body: { version: group.version, ...task } });
      resetField('taskName', { defaultValue: '' });
    } catch (err) {
      setError('taskName', { type: 'server', message: err instanceof Error ? err.message : String(err) });
    }
  });
  const error = errors.taskName?.message;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-2 flex flex-wrap items-start gap-2"
      aria-label={`${SUNDAYS_MESSAGES.addTask}: ${group.runway.name}`}
    >
      <div className="min-w-48 flex-1">
        <Input
          aria-label={`New ${group.runway.name} task for this Sunday`}
          placeholder="A task for this Sunday only"
          maxLength={200}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('taskName')}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <select aria-label={`Kind of the new ${group.runway.name} task`} className={SELECT} {...register('kind')}>
        {TASK_KINDS.map((k) => (
          <option key={k} value={k}>
            {TASK_KIND_LABELS[k]}
          </option>
        ))}
      </select>
      <Button type="submit" variant="outline" disabled={busy} title={editor.dirty ? 'Save your changes before adding a task.' : undefined}>
        Add task
      </Button>
    </form>
  );
}
