import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SUNDAY_TEMPLATE_MESSAGES as M, type SundayTemplate, type SundayTemplatesResponse } from '@shared/api/sunday-templates';
import { TASK_KIND_LABELS, TASK_KINDS, type TaskKind } from '@shared/domain/planning';
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

interface DraftTask {
  key: number;
  id: string | null;
  runwayId: string;
  title: string;
  kind: TaskKind;
  daysBefore: string;
  defaultAssigneeId: string;
}

let nextKey = 0;
const draftOf = (t: SundayTemplate['tasks'][number]): DraftTask => ({
  key: nextKey++,
  id: t.id,
  runwayId: t.runway.id,
  title: t.title,
  kind: t.kind,
  daysBefore: String(t.daysBefore),
  defaultAssigneeId: t.defaultAssignee?.id ?? '',
});
const blankTask = (runwayId: string): DraftTask => ({
  key: nextKey++,
  id: null,
  runwayId,
  title: '',
  kind: 'text',
  daysBefore: '0',
  defaultAssigneeId: '',
});

/** Whole days between 0 and the most a task may be due before its Sunday, else the message. */
function daysError(value: string): string | undefined {
  if (!/^\d+$/.test(value.trim())) return M.wholeDays;
  return Number(value) > MAX_DAYS_BEFORE ? M.tooManyDays : undefined;
}

/** Makes or edits a template: its name and its tasks, each on a runway with its kind, days before and default assignee. */
function TemplateForm({ template, data, onDone }: { template: SundayTemplate | null; data: SundayTemplatesResponse; onDone: () => void }) {
  const id = useId();
  const save = useSaveSundayTemplate();
  const [name, setName] = useState(template?.name ?? '');
  const [tasks, setTasks] = useState<DraftTask[]>(() => template?.tasks.map(draftOf) ?? [blankTask(data.runways[0]?.id ?? '')]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = (key: number, patch: Partial<DraftTask>) => setTasks((all) => all.map((t) => (t.key === key ? { ...t, ...patch } : t)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = M.nameRequired;
    for (const t of tasks) {
      if (!t.title.trim()) found[`${t.key}-title`] = M.taskNameRequired;
      const days = daysError(t.daysBefore);
      if (days) found[`${t.key}-days`] = days;
    }
    setErrors(found);
    setFormError(tasks.length === 0 ? M.noTasks : null);
    if (Object.keys(found).length || tasks.length === 0) return;
    try {
      await save.mutateAsync({
        id: template?.id ?? null,
        body: {
          name: name.trim(),
          tasks: tasks.map((t) => ({
            id: t.id,
            runwayId: t.runwayId,
            title: t.title.trim(),
            kind: t.kind,
            daysBefore: Number(t.daysBefore),
            defaultAssigneeId: t.defaultAssigneeId || null,
          })),
        },
      });
      onDone();
    } catch (err) {
      setFormError(err instanceof Error ? err.message : M.saveFailed);
    }
  };

  const described = (key: string) => (errors[key] ? `${id}-${key}-error` : undefined);
  return (
    <Card className="p-4">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={template ? `Edit the template ${template.name}` : 'New template'}>
        <div className="max-w-md">
          <Label htmlFor={`${id}-name`}>Template name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!!errors.name}
            aria-describedby={described('name')}
          />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <ol className="mt-4 space-y-3">
          {tasks.map((t, i) => (
            <li key={t.key}>
              <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1.2fr_2fr_1fr_1fr_1.4fr_auto] sm:items-start">
                <legend className="px-1 text-sm font-medium text-slate-700">Task {i + 1}</legend>
                <div>
                  <Label htmlFor={`${id}-${t.key}-runway`}>Runway</Label>
                  <select
                    id={`${id}-${t.key}-runway`}
                    className={SELECT}
                    value={t.runwayId}
                    onChange={(e) => change(t.key, { runwayId: e.target.value })}
                  >
                    {data.runways.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <Label htmlFor={`${id}-${t.key}-title`}>Task name</Label>
                  <Input
                    id={`${id}-${t.key}-title`}
                    value={t.title}
                    maxLength={200}
                    onChange={(e) => change(t.key, { title: e.target.value })}
                    aria-invalid={!!errors[`${t.key}-title`]}
                    aria-describedby={described(`${t.key}-title`)}
                  />
                  <FieldError id={`${id}-${t.key}-title-error`} message={errors[`${t.key}-title`]} />
                </div>
                <div>
                  <Label htmlFor={`${id}-${t.key}-kind`}>Kind</Label>
                  <select
                    id={`${id}-${t.key}-kind`}
                    className={SELECT}
                    value={t.kind}
                    onChange={(e) => change(t.key, { kind: e.target.value as TaskKind })}
                  >
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
                    value={t.daysBefore}
                    onChange={(e) => change(t.key, { daysBefore: e.target.value })}
                    aria-invalid={!!errors[`${t.key}-days`]}
                    aria-describedby={described(`${t.key}-days`)}
                  />
                  <FieldError id={`${id}-${t.key}-days-error`} message={errors[`${t.key}-days`]} />
                </div>
                <div>
                  <Label htmlFor={`${id}-${t.key}-assignee`}>Default assignee</Label>
                  <select
                    id={`${id}-${t.key}-assignee`}
                    className={SELECT}
                    value={t.defaultAssigneeId}
                    onChange={(e) => change(t.key, { defaultAssigneeId: e.target.value })}
                  >
                    <option value="">Nobody</option>
                    {data.assignees.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.fullName}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="sm:pt-6">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove task ${i + 1}`}
                    onClick={() => setTasks((all) => all.filter((x) => x.key !== t.key))}
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          onClick={() => setTasks((all) => [...all, blankTask(data.runways[0]?.id ?? '')])}
        >
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
