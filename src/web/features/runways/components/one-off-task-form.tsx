import { useId, useState, type FormEvent } from 'react';
import { SUNDAYS_MESSAGES, type RunwayGroup, type SundayDetail } from '@shared/api/sundays';
import { TASK_KIND_LABELS, TASK_KINDS, type TaskKind } from '@shared/domain/planning';
import { Button } from '@web/components/ui/button';
import { FieldError, Input } from '@web/components/ui/input';
import { useAddOneOffTask } from '../api/add-one-off-task';
import type { SundayEditor } from './use-sunday-editor';

const SELECT =
  'h-10 rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * Adds a one-off task to this Sunday's runway plan (coordinators and above): a task of this Sunday
 * alone, not from a recurring task. Waits while the dialog has unsaved edits, so nobody's save
 * turns stale under them; a refusal keeps the name typed and says why.
 */
export function OneOffTaskForm({ detail, group, editor }: { detail: SundayDetail; group: RunwayGroup; editor: SundayEditor }) {
  const id = useId();
  const add = useAddOneOffTask(detail.sundayDate);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TaskKind>('text');
  const [error, setError] = useState<string | undefined>();
  if (!detail.canAddTask) return null;
  const busy = add.isPending || editor.dirty || editor.saving;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(SUNDAYS_MESSAGES.taskNameRequired);
    setError(undefined);
    try {
      await add.mutateAsync({ code: group.runway.code, body: { version: group.version, taskName: name.trim(), kind } });
      setName('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
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
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <select
        aria-label={`Kind of the new ${group.runway.name} task`}
        className={SELECT}
        value={kind}
        onChange={(e) => setKind(e.target.value as TaskKind)}
      >
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
