import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { taskBody, type ParsedTaskBody, type SetupTask, type TaskBody } from '@shared/api/runway-setup';
import { TASK_KIND_LABELS, TASK_KINDS } from '@shared/domain/planning';
import { MAX_DAYS_BEFORE } from '@shared/domain/runway-setup';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { setServerErrors } from '@web/lib/form-errors';

export const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100';

type Field = 'name' | 'daysBefore' | 'defaultAssigneeId';

/**
 * A recurring task's fields: name, kind, days before its Sunday, default assignee, checked by the
 * server's own schema. Used to add a task and to edit one; what the person typed stays when the
 * server refuses it.
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TaskBody, unknown, ParsedTaskBody>({
    resolver: zodResolver(taskBody),
    defaultValues: {
      name: props.task?.name ?? '',
      kind: props.task?.kind ?? 'text',
      daysBefore: props.task?.daysBefore ?? 0,
      defaultAssigneeId: props.task?.defaultAssignee?.id ?? null,
    },
    shouldFocusError: false,
  });

  const submit = handleSubmit(async (body) => {
    try {
      await props.onSubmit(body);
      if (!props.task) reset({ name: '', kind: 'text', daysBefore: 0, defaultAssigneeId: null });
    } catch (err) {
      if (!setServerErrors(setError, err, ['name', 'daysBefore', 'defaultAssigneeId'])) {
        setError('root.server', { message: err instanceof Error ? err.message : String(err) });
      }
    }
  });

  const described = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1.5fr_auto] sm:items-start">
      <div>
        <Label htmlFor={`${id}-name`}>Task name</Label>
        <Input id={`${id}-name`} maxLength={200} aria-invalid={!!errors.name} aria-describedby={described('name')} {...register('name')} />
        <FieldError id={`${id}-name-error`} message={errors.name?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-kind`}>Kind</Label>
        <select id={`${id}-kind`} className={SELECT} {...register('kind')}>
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
          aria-invalid={!!errors.daysBefore}
          aria-describedby={described('daysBefore')}
          {...register('daysBefore', { valueAsNumber: true })}
        />
        <FieldError id={`${id}-daysBefore-error`} message={errors.daysBefore?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-assignee`}>Default assignee</Label>
        <select
          id={`${id}-assignee`}
          className={SELECT}
          aria-invalid={!!errors.defaultAssigneeId}
          aria-describedby={described('defaultAssigneeId')}
          {...register('defaultAssigneeId', { setValueAs: (v: string | null) => v || null })}
        >
          <option value="">Nobody</option>
          {props.assignees.map((p) => (
            <option key={p.id} value={p.id}>
              {p.fullName}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-defaultAssigneeId-error`} message={errors.defaultAssigneeId?.message} />
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
      {errors.root?.server && (
        <p role="alert" className="text-sm text-red-600 sm:col-span-5">
          {errors.root.server.message}
        </p>
      )}
    </form>
  );
}
