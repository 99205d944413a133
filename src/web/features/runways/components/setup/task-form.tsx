import { useId, useState, type FormEvent } from 'react';
import { RUNWAY_SETUP_MESSAGES as M, type SetupTask, type TaskBody } from '@shared/api/runway-setup';
import { TASK_KIND_LABELS, TASK_KINDS, type TaskKind } from '@shared/domain/planning';
import { MAX_DAYS_BEFORE } from '@shared/domain/runway-setup';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api';

export const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100';

type Errors = Partial<Record<'name' | 'daysBefore' | 'defaultAssigneeId', string>>;

/** The form's own checks, the same as the server's: a name, whole days from 0 to 365. */
export function checkTask(name: string, days: string): Errors {
  const errors: Errors = {};
  if (!name.trim()) errors.name = M.taskNameRequired;
  const n = Number(days);
  if (days.trim() === '' || !Number.isInteger(n)) errors.daysBefore = M.wholeDays;
  else if (n < 0) errors.daysBefore = M.negativeDays;
  else if (n > MAX_DAYS_BEFORE) errors.daysBefore = M.tooManyDays;
  return errors;
}

/** Errors the server named by field (400 from the schema, 422 from a rule), else none. */
export function serverErrors(err: unknown): Errors & { form?: string } {
  if (!(err instanceof ApiError)) return { form: err instanceof Error ? err.message : String(err) };
  const fields = err.fields ?? {};
  const known = ['name', 'daysBefore', 'defaultAssigneeId'].filter((k) => fields[k]);
  return known.length ? (Object.fromEntries(known.map((k) => [k, fields[k]])) as Errors) : { form: err.message };
}

/**
 * A recurring task's fields: name, kind, days before its Sunday, default assignee. Used to add a
 * task and to edit one; what the person typed stays when the server refuses it.
 */
export function TaskForm(props: {
  task?: SetupTask;
  assignees: Array<{ id: string; fullName: string }>;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: TaskBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(props.task?.name ?? '');
  const [kind, setKind] = useState<TaskKind>(props.task?.kind ?? 'text');
  const [days, setDays] = useState(String(props.task?.daysBefore ?? 0));
  const [assignee, setAssignee] = useState(props.task?.defaultAssignee?.id ?? '');
  const [errors, setErrors] = useState<Errors & { form?: string }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkTask(name, days);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await props.onSubmit({ name: name.trim(), kind, daysBefore: Number(days), defaultAssigneeId: assignee || null });
      if (!props.task) {
        setName('');
        setDays('0');
        setAssignee('');
        setKind('text');
      }
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };

  const described = (field: keyof Errors) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1.5fr_auto] sm:items-start">
      <div>
        <Label htmlFor={`${id}-name`}>Task name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!errors.name}
          aria-describedby={described('name')}
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <div>
        <Label htmlFor={`${id}-kind`}>Kind</Label>
        <select id={`${id}-kind`} className={SELECT} value={kind} onChange={(e) => setKind(e.target.value as TaskKind)}>
          {TASK_KINDS.map((k) => (
            <option key={k} value={k}>
              {TASK_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${id}-days`}>Days before Sunday</Label>
        <Input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_DAYS_BEFORE}
          step={1}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          aria-invalid={!!errors.daysBefore}
          aria-describedby={described('daysBefore')}
        />
        <FieldError id={`${id}-days-error`} message={errors.daysBefore} />
      </div>
      <div>
        <Label htmlFor={`${id}-assignee`}>Default assignee</Label>
        <select
          id={`${id}-assignee`}
          className={SELECT}
          value={assignee}
          onChange={(e) => setAssignee(e.target.value)}
          aria-invalid={!!errors.defaultAssigneeId}
          aria-describedby={described('defaultAssigneeId')}
        >
          <option value="">Nobody</option>
          {props.assignees.map((p) => (
            <option key={p.id} value={p.id}>
              {p.fullName}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-assignee-error`} message={errors.defaultAssigneeId} />
      </div>
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" disabled={props.pending}>
          {props.submitLabel}
        </Button>
        {props.onCancel && (
          <Button variant="outline" onClick={props.onCancel}>
            Cancel
          </Button>
        )}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-red-600 sm:col-span-5">
          {errors.form}
        </p>
      )}
    </form>
  );
}
