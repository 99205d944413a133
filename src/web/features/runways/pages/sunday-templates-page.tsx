import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  SUNDAY_TEMPLATE_MESSAGES as M,
  sundayTemplateBody,
  type ParsedSundayTemplateBody,
  type SundayTemplate,
  type SundayTemplateBody,
  type SundayTemplatesResponse,
} from '@shared/api/sunday-templates';
import { TASK_KIND_LABELS, TASK_KINDS } from '@shared/domain/planning';
import { MAX_DAYS_BEFORE } from '@shared/domain/runway-setup';
import { RunwayScreen } from '@web/components/runway-tabs';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { EmptyState } from '@web/components/ui/states';
import { sundayTemplatesQuery, useDeleteSundayTemplate, useSaveSundayTemplate } from '../api/sunday-templates';

const SELECT =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * /runways/templates (guide/sunday-planning.md#sunday-templates): the church's Sunday templates,
 * sets of one-off tasks for the Sundays that come back every year. Coordinators and above make,
 * edit and delete them here and apply one from a Sunday's plan.
 */
export function Component() {
  const templates = useQuery(sundayTemplatesQuery);
  return (
    <RunwayScreen
      title={M.title}
      subtitle={M.subtitle}
      query={templates}
      loadingLabel="Loading Sunday templates..."
      failedMessage={M.fetchFailed}
    >
      {(data) => <Templates data={data} />}
    </RunwayScreen>
  );
}

function Templates({ data }: { data: SundayTemplatesResponse }) {
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  return (
    <div className="space-y-4">
      {data.items.length === 0 && editing !== 'new' && (
        <EmptyState>
          <h2 className="text-base font-semibold text-slate-900">{M.empty}</h2>
          <p className="mt-1 text-sm text-slate-600">{M.emptyBody}</p>
        </EmptyState>
      )}
      <ul className="space-y-4" aria-label="Sunday templates">
        {data.items.map((t) => (
          <li key={t.id}>
            {editing === t.id ? (
              <TemplateForm template={t} data={data} onDone={() => setEditing(null)} />
            ) : (
              <TemplateCard template={t} onEdit={() => setEditing(t.id)} />
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <TemplateForm template={null} data={data} onDone={() => setEditing(null)} />
      ) : (
        <Button onClick={() => setEditing('new')} disabled={data.runways.length === 0}>
          <Plus className="h-4 w-4" aria-hidden /> New template
        </Button>
      )}
      {data.runways.length === 0 && <p className="text-sm text-slate-600">A template's tasks land on runways: add a runway first.</p>}
    </div>
  );
}

function TemplateCard({ template, onEdit }: { template: SundayTemplate; onEdit: () => void }) {
  const remove = useDeleteSundayTemplate();
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{template.name}</h2>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit the template ${template.name}`}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Delete the template ${template.name}`}>
                <Trash2 className="h-4 w-4" aria-hidden /> Delete
              </Button>
            }
            title="Delete this template?"
            description={M.deleteConfirm(template.name)}
            confirm="Delete"
            pendingLabel="Deleting..."
            destructive
            onConfirm={() => remove.mutateAsync(template.id)}
          />
        </div>
      </div>
      <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label={`Tasks of ${template.name}`}>
        {template.tasks.map((task) => (
          <li key={task.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span className="inline-flex items-center gap-1.5 text-slate-600">
              <span className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: task.runway.color }} aria-hidden />
              {task.runway.name}
            </span>
            <span className="font-medium text-slate-900">{task.title}</span>
            <span className="text-slate-600">{TASK_KIND_LABELS[task.kind]}</span>
            <span className="text-slate-600">
              {task.daysBefore === 0 ? 'due on the Sunday' : `${task.daysBefore} day${task.daysBefore === 1 ? '' : 's'} before`}
            </span>
            <span className="text-slate-600">{task.defaultAssignee ? `→ ${task.defaultAssignee.fullName}` : 'unassigned'}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

type TemplateTask = SundayTemplateBody['tasks'][number];

const taskOf = (t: SundayTemplate['tasks'][number]): TemplateTask => ({
  id: t.id,
  runwayId: t.runway.id,
  title: t.title,
  kind: t.kind,
  daysBefore: t.daysBefore,
  defaultAssigneeId: t.defaultAssignee?.id ?? null,
});
const blankTask = (runwayId: string): TemplateTask => ({
  id: null,
  runwayId,
  title: '',
  kind: 'text',
  daysBefore: 0,
  defaultAssigneeId: null,
});

/** Makes or edits a template: its name and its tasks, each on a runway with its kind, days before and default assignee. */
function TemplateForm({ template, data, onDone }: { template: SundayTemplate | null; data: SundayTemplatesResponse; onDone: () => void }) {
  const id = useId();
  const save = useSaveSundayTemplate();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SundayTemplateBody, unknown, ParsedSundayTemplateBody>({
    resolver: zodResolver(sundayTemplateBody),
    defaultValues: { name: template?.name ?? '', tasks: template?.tasks.map(taskOf) ?? [blankTask(data.runways[0]?.id ?? '')] },
    shouldFocusError: false,
  });
  // Each row keeps its own key, so a removed task takes its fields and messages with it.
  const tasks = useFieldArray({ control, name: 'tasks', keyName: 'key' });
  const formError = errors.tasks?.root?.message ?? errors.tasks?.message ?? errors.root?.server?.message;

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: template?.id ?? null, body });
      onDone();
    } catch (err) {
      setError('root.server', { message: err instanceof Error ? err.message : M.saveFailed });
    }
  });

  const taskError = (i: number, field: 'title' | 'daysBefore' | 'runwayId' | 'defaultAssigneeId') => errors.tasks?.[i]?.[field]?.message;
  const described = (key: string, message: string | undefined) => (message ? `${id}-${key}-error` : undefined);
  return (
    <Card className="p-4">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={template ? `Edit the template ${template.name}` : 'New template'}>
        <div className="max-w-md">
          <Label htmlFor={`${id}-name`}>Template name</Label>
          <Input
            id={`${id}-name`}
            maxLength={80}
            aria-invalid={!!errors.name}
            aria-describedby={described('name', errors.name?.message)}
            {...register('name')}
          />
          <FieldError id={`${id}-name-error`} message={errors.name?.message} />
        </div>
        <ol className="mt-4 space-y-3">
          {tasks.fields.map((t, i) => (
            <li key={t.key}>
              <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1.2fr_2fr_1fr_1fr_1.4fr_auto] sm:items-start">
                <legend className="px-1 text-sm font-medium text-slate-700">Task {i + 1}</legend>
                <div>
                  <Label htmlFor={`${id}-${t.key}-runway`}>Runway</Label>
                  <select
                    id={`${id}-${t.key}-runway`}
                    className={SELECT}
                    aria-invalid={!!taskError(i, 'runwayId')}
                    aria-describedby={described(`${t.key}-runway`, taskError(i, 'runwayId'))}
                    {...register(`tasks.${i}.runwayId`)}
                  >
                    {data.runways.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                  <FieldError id={`${id}-${t.key}-runway-error`} message={taskError(i, 'runwayId')} />
                </div>
                <div>
                  <Label htmlFor={`${id}-${t.key}-title`}>Task name</Label>
                  <Input
                    id={`${id}-${t.key}-title`}
                    maxLength={200}
                    aria-invalid={!!taskError(i, 'title')}
                    aria-describedby={described(`${t.key}-title`, taskError(i, 'title'))}
                    {...register(`tasks.${i}.title`)}
                  />
                  <FieldError id={`${id}-${t.key}-title-error`} message={taskError(i, 'title')} />
                </div>
                <div>
                  <Label htmlFor={`${id}-${t.key}-kind`}>Kind</Label>
                  <select id={`${id}-${t.key}-kind`} className={SELECT} {...register(`tasks.${i}.kind`)}>
                    {TASK_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {TASK_KIND_LABELS[k]}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <Label htmlFor={`${id}-${t.key}-days`}>Days before Sunday</Label>
                  <Input
                    id={`${id}-${t.key}-days`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_DAYS_BEFORE}
                    step={1}
                    aria-invalid={!!taskError(i, 'daysBefore')}
                    aria-describedby={described(`${t.key}-days`, taskError(i, 'daysBefore'))}
                    {...register(`tasks.${i}.daysBefore`, { valueAsNumber: true })}
                  />
                  <FieldError id={`${id}-${t.key}-days-error`} message={taskError(i, 'daysBefore')} />
                </div>
                <div>
                  <Label htmlFor={`${id}-${t.key}-assignee`}>Default assignee</Label>
                  <select
                    id={`${id}-${t.key}-assignee`}
                    className={SELECT}
                    aria-invalid={!!taskError(i, 'defaultAssigneeId')}
                    aria-describedby={described(`${t.key}-assignee`, taskError(i, 'defaultAssigneeId'))}
                    {...register(`tasks.${i}.defaultAssigneeId`, { setValueAs: (v: string | null) => v || null })}
                  >
                    <option value="">Nobody</option>
                    {data.assignees.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.fullName}
                      </option>
                    ))}
                  </select>
                  <FieldError id={`${id}-${t.key}-assignee-error`} message={taskError(i, 'defaultAssigneeId')} />
                </div>
                <div className="sm:pt-6">
                  <Button variant="ghost" size="sm" aria-label={`Remove task ${i + 1}`} onClick={() => tasks.remove(i)}>
                    <X className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => tasks.append(blankTask(data.runways[0]?.id ?? ''))}>
          <Plus className="h-4 w-4" aria-hidden /> Add a task
        </Button>
        {formError && (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {formError}
          </p>
        )}
        <div className="mt-4 flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save template'}
          </Button>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
