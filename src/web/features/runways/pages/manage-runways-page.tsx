import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Archive, Pencil, RotateCcw } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import {
  RUNWAY_SETUP_MESSAGES as M,
  runwayBody,
  type RunwayBody,
  type RunwaySetup,
  type SetupRunway,
  type SetupTask,
} from '@shared/api/runway-setup';
import { TASK_KIND_LABELS } from '@shared/domain/planning';
import { RUNWAY_COLORS } from '@shared/domain/runway-setup';
import { RunwayScreen } from '@web/components/runway-tabs';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Label, TextField } from '@web/components/ui/input';
import { EmptyState } from '@web/components/ui/states';
import { setServerErrors } from '@web/lib/form-errors';
import { useAddStandardRunways } from '../api/add-standard-runways';
import { useArchiveRunway } from '../api/archive-runway';
import { useArchiveTask } from '../api/archive-task';
import { useCreateRunway } from '../api/create-runway';
import { runwaySetupQuery } from '../api/get-runway-setup';
import { useReorderRunways } from '../api/reorder-runways';
import { useSaveTask } from '../api/save-task';
import { useUpdateRunway } from '../api/update-runway';
import { StandardRunwaysDialog } from '../components/setup/standard-runways-dialog';
import { TaskForm } from '../components/setup/task-form';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';

/**
 * /runways/manage (decision 0055): the church's runways and the tasks each repeats every Sunday.
 * Admins add, rename, recolour, reorder, archive and restore runways (and add the standard five to
 * a church without any); coordinators edit the recurring tasks. Every change reaches the open
 * Sundays of the next six weeks at once.
 */
export function Component() {
  const setup = useQuery(runwaySetupQuery);
  return (
    <RunwayScreen title={M.title} subtitle={M.subtitle} query={setup} loadingLabel="Loading runways..." failedMessage={M.fetchFailed}>
      {(data) => <ManageRunways setup={data} />}
    </RunwayScreen>
  );
}

function ManageRunways({ setup }: { setup: RunwaySetup }) {
  const active = setup.runways.filter((r) => !r.archived);
  const archived = setup.runways.filter((r) => r.archived);
  const [standardOpen, setStandardOpen] = useState(false);
  const addStandard = useAddStandardRunways();
  const reorder = useReorderRunways();
  const move = (i: number, by: -1 | 1) => {
    const ids = active.map((r) => r.id);
    [ids[i], ids[i + by]] = [ids[i + by], ids[i]];
    reorder.mutate(ids);
  };

  return (
    <div className="space-y-6">
      {active.length === 0 && (
        <EmptyState>
          <h2 className="text-base font-semibold text-slate-900">{M.noRunways}</h2>
          <p className="mt-1 text-sm text-slate-600">{M.noRunwaysBody}</p>
          {setup.canManageRunways ? (
            <Button className="mt-3" onClick={() => setStandardOpen(true)}>
              {M.addStandard}
            </Button>
          ) : (
            <p className="mt-2 text-sm text-slate-600">An admin adds the runways; you can then edit their tasks here.</p>
          )}
        </EmptyState>
      )}
      {setup.canManageRunways && (
        <StandardRunwaysDialog
          open={standardOpen}
          pending={addStandard.isPending}
          onOpenChange={setStandardOpen}
          onAdd={(body) => addStandard.mutateAsync(body)}
        />
      )}
      <ol className="space-y-4" aria-label="Runways">
        {active.map((r, i) => (
          <li key={r.id}>
            <RunwayCard
              runway={r}
              setup={setup}
              onUp={i > 0 ? () => move(i, -1) : undefined}
              onDown={i < active.length - 1 ? () => move(i, 1) : undefined}
              reordering={reorder.isPending}
            />
          </li>
        ))}
      </ol>
      {setup.canManageRunways && <NewRunwayForm />}
      {archived.length > 0 && <ArchivedRunways runways={archived} canRestore={setup.canManageRunways} />}
    </div>
  );
}

function ColorSelect({ id, value, onChange }: { id: string; value: string; onChange: (color: string) => void }) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="color"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        list={`${id}-choices`}
        className="h-10 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
      />
      <datalist id={`${id}-choices`}>
        {RUNWAY_COLORS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </div>
  );
}

function NewRunwayForm() {
  const create = useCreateRunway();
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-base font-semibold text-slate-900">Add a runway</h2>
      <RunwayForm
        values={{ name: '', color: RUNWAY_COLORS[5] }}
        className="flex flex-wrap items-start gap-3"
        onSubmit={async (body, form) => {
          await create.mutateAsync(body);
          form.resetField('name', { defaultValue: '' });
        }}
      >
        <Button type="submit" className="sm:mt-6" disabled={create.isPending}>
          Add runway
        </Button>
      </RunwayForm>
    </Card>
  );
}

/**
 * A runway's name and colour, checked by the server's own schema: adding one and renaming one. A
 * refusal from the server is said under the name, and what was typed stays.
 */
function RunwayForm(props: {
  values: RunwayBody;
  className: string;
  focusName?: boolean;
  onSubmit: (body: RunwayBody, form: UseFormReturn<RunwayBody>) => Promise<unknown>;
  children: ReactNode;
}) {
  const id = useId();
  const form = useForm<RunwayBody>({ resolver: zodResolver(runwayBody), defaultValues: props.values, shouldFocusError: false });
  const {
    register,
    control,
    setError,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (body) => {
    try {
      await props.onSubmit(body, form);
    } catch (err) {
      if (!setServerErrors(setError, err, ['name'])) setError('root.server', { message: err instanceof Error ? err.message : String(err) });
    }
  });
  const { focusName } = props;
  // Opening the rename form puts the keyboard in its first field.
  useEffect(() => {
    if (focusName) form.setFocus('name');
  }, [focusName, form]);
  const error = errors.name?.message ?? errors.root?.server?.message;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={props.className}>
      <TextField id={`${id}-name`} label="Runway name" className="min-w-48 flex-1" maxLength={80} error={error} {...register('name')} />
      <div>
        <Label htmlFor={`${id}-color`}>Colour</Label>
        <Controller
          control={control}
          name="color"
          render={({ field }) => <ColorSelect id={`${id}-color`} value={field.value} onChange={field.onChange} />}
        />
      </div>
      {props.children}
    </form>
  );
}

function RunwayCard(props: { runway: SetupRunway; setup: RunwaySetup; onUp?: () => void; onDown?: () => void; reordering: boolean }) {
  const { runway, setup } = props;
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const archive = useArchiveRunway();
  const saveTask = useSaveTask();
  const tasks = runway.tasks.filter((t) => !t.archived);
  const archivedTasks = runway.tasks.filter((t) => t.archived);
  const headingId = useId();

  return (
    <Card className="border-l-4 p-4" style={{ borderLeftColor: runway.color }}>
      <section aria-labelledby={headingId}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {editing ? (
            <RenameForm runway={runway} onDone={() => setEditing(false)} />
          ) : (
            <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <span className="h-3 w-3 rounded-full" style={{ backgroundColor: runway.color }} aria-hidden />
              {runway.name}
              <span className="text-sm font-normal text-slate-500">/runways/{runway.code}</span>
            </h2>
          )}
          {setup.canManageRunways && !editing && (
            <div className="flex flex-wrap gap-1">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setEditing(true)}
                aria-label={`Edit ${runway.name}`}
                title="Rename or recolour"
              >
                <Pencil className="h-4 w-4" aria-hidden />
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={props.onUp}
                disabled={!props.onUp || props.reordering}
                aria-label={`Move ${runway.name} up`}
              >
                <ArrowUp className="h-4 w-4" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={props.onDown}
                disabled={!props.onDown || props.reordering}
                aria-label={`Move ${runway.name} down`}
              >
                <ArrowDown className="h-4 w-4" aria-hidden />
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setArchiving(true)} aria-label={`Archive ${runway.name}`}>
                <Archive className="h-4 w-4" aria-hidden />
                Archive
              </Button>
            </div>
          )}
        </div>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">Recurring tasks</h3>
        {tasks.length === 0 ? (
          <p className="mb-3 text-sm text-slate-600">{M.noTasks}</p>
        ) : (
          <ul className="mb-4 divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={`${runway.name} recurring tasks`}>
            {tasks.map((task) => (
              <TaskRow key={task.id} task={task} runway={runway} setup={setup} />
            ))}
          </ul>
        )}
        <details className="rounded-md bg-slate-50 p-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Add a recurring task to {runway.name}</summary>
          <div className="mt-3">
            <TaskForm
              assignees={setup.assignees}
              submitLabel="Add task"
              pending={saveTask.isPending}
              onSubmit={(body) => saveTask.mutateAsync({ runwayId: runway.id, body })}
            />
          </div>
        </details>
        {archivedTasks.length > 0 && <ArchivedTasks tasks={archivedTasks} />}
      </section>
      <ConfirmDialog
        open={archiving}
        title={`Archive ${runway.name}`}
        description={M.archiveRunwayConfirm(runway.name)}
        confirm="Archive"
        onOpenChange={setArchiving}
        onConfirm={() => {
          archive.mutate({ id: runway.id, archived: true });
        }}
      />
    </Card>
  );
}

function RenameForm({ runway, onDone }: { runway: SetupRunway; onDone: () => void }) {
  const update = useUpdateRunway();
  return (
    <RunwayForm
      values={{ name: runway.name, color: runway.color }}
      className="flex w-full flex-wrap items-start gap-3"
      focusName
      onSubmit={async (body) => {
        await update.mutateAsync({ id: runway.id, ...body });
        onDone();
      }}
    >
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" disabled={update.isPending}>
          Save
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </RunwayForm>
  );
}

const daysText = (n: number) => (n === 0 ? 'due on the Sunday' : `due ${n} day${n === 1 ? '' : 's'} before`);

function TaskRow({ task, runway, setup }: { task: SetupTask; runway: SetupRunway; setup: RunwaySetup }) {
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const saveTask = useSaveTask();
  const archive = useArchiveTask();
  if (editing) {
    return (
      <li className="p-3">
        <TaskForm
          task={task}
          assignees={setup.assignees}
          submitLabel="Save task"
          pending={saveTask.isPending}
          onSubmit={async (body) => {
            await saveTask.mutateAsync({ runwayId: runway.id, taskId: task.id, body });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
      <div>
        <p className="font-medium text-slate-900">{task.name}</p>
        <p className="text-xs text-slate-600">
          {TASK_KIND_LABELS[task.kind]} · {daysText(task.daysBefore)} ·{' '}
          {task.defaultAssignee ? task.defaultAssignee.fullName : 'nobody by default'}
        </p>
      </div>
      <div className="flex gap-1">
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${task.name}`}>
          <Pencil className="h-4 w-4" aria-hidden />
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setArchiving(true)} aria-label={`Archive ${task.name}`}>
          <Archive className="h-4 w-4" aria-hidden />
          Archive
        </Button>
      </div>
      <ConfirmDialog
        open={archiving}
        title={`Archive ${task.name}`}
        description={M.archiveTaskConfirm(task.name)}
        confirm="Archive"
        onOpenChange={setArchiving}
        onConfirm={() => {
          archive.mutate({ id: task.id, archived: true });
        }}
      />
    </li>
  );
}

function ArchivedTasks({ tasks }: { tasks: SetupTask[] }) {
  const restore = useArchiveTask();
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-slate-600">Archived tasks ({tasks.length})</summary>
      <ul className="mt-2 space-y-1">
        {tasks.map((t) => (
          <li key={t.id} className="flex items-center justify-between gap-2">
            <span className="text-slate-700">{t.name}</span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => restore.mutate({ id: t.id, archived: false })}
              aria-label={`Restore ${t.name}`}
            >
              <RotateCcw className="h-4 w-4" aria-hidden />
              Restore
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}

function ArchivedRunways({ runways, canRestore }: { runways: SetupRunway[]; canRestore: boolean }) {
  const restore = useArchiveRunway();
  return (
    <Card className="p-4">
      <h2 className="mb-2 text-base font-semibold text-slate-900">Archived runways</h2>
      <ul className="space-y-1 text-sm">
        {runways.map((r) => (
          <li key={r.id} className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-2 text-slate-700">
              <span className="h-3 w-3 rounded-full" style={{ backgroundColor: r.color }} aria-hidden />
              {r.name}
            </span>
            {canRestore && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => restore.mutate({ id: r.id, archived: false })}
                aria-label={`Restore ${r.name}`}
              >
                <RotateCcw className="h-4 w-4" aria-hidden />
                Restore
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
