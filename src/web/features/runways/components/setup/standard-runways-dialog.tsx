import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { RUNWAY_SETUP_MESSAGES as M, type StandardBody } from '@shared/api/runway-setup';
import { TASK_KIND_LABELS, TASK_KINDS, type TaskKind } from '@shared/domain/planning';
import { STANDARD_RUNWAYS } from '@shared/domain/runway-setup';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { checkTask, SELECT } from './task-form';

interface DraftTask {
  include: boolean;
  name: string;
  kind: TaskKind;
  days: string;
}
interface DraftRunway {
  include: boolean;
  name: string;
  color: string;
  tasks: DraftTask[];
}

const fresh = (): DraftRunway[] =>
  STANDARD_RUNWAYS.map((r) => ({
    include: true,
    name: r.name,
    color: r.color,
    tasks: r.tasks.map((t) => ({ include: true, name: t.name, kind: t.kind, days: String(t.daysBefore) })),
  }));

/**
 * 'Add the standard runways': the five standard runways and their usual tasks, offered as they
 * are; the admin may rename any, leave runways or tasks out, change kinds and days, then add them
 * all in one action.
 */
export function StandardRunwaysDialog(props: {
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (body: StandardBody) => Promise<unknown>;
}) {
  const id = useId();
  const [draft, setDraft] = useState(fresh);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const setRunway = (i: number, patch: Partial<DraftRunway>) => setDraft((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const setTask = (i: number, k: number, patch: Partial<DraftTask>) =>
    setRunway(i, { tasks: draft[i].tasks.map((t, j) => (j === k ? { ...t, ...patch } : t)) });

  const submit = async () => {
    const found: Record<string, string> = {};
    draft.forEach((r, i) => {
      if (!r.include) return;
      if (!r.name.trim()) found[`${i}`] = M.nameRequired;
      r.tasks.forEach((t, k) => {
        if (!t.include) return;
        const e = checkTask(t.name, t.days);
        if (e.name) found[`${i}.${k}.name`] = e.name;
        if (e.daysBefore) found[`${i}.${k}.days`] = e.daysBefore;
      });
    });
    setErrors(found);
    const chosen = draft.filter((r) => r.include);
    if (chosen.length === 0) {
      setFormError('Keep at least one runway.');
      return;
    }
    if (Object.keys(found).length) return;
    setFormError(null);
    try {
      await props.onAdd({
        runways: chosen.map((r) => ({
          name: r.name.trim(),
          color: r.color,
          tasks: r.tasks.filter((t) => t.include).map((t) => ({ name: t.name.trim(), kind: t.kind, daysBefore: Number(t.days) })),
        })),
      });
      props.onOpenChange(false);
    } catch (err) {
      setFormError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-3xl flex-col rounded-lg bg-white shadow-xl">
          <div className="border-b border-slate-200 px-4 py-3 sm:px-6">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{M.addStandard}</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">
              Keep them as they are or change them first: untick anything you do not plan, rename, set each task&apos;s kind and how many
              days before the Sunday it is due.
            </Dialog.Description>
          </div>
          <div className="flex-1 space-y-4 overflow-y-auto px-4 py-4 sm:px-6">
            {draft.map((r, i) => (
              <fieldset key={i} className="rounded-lg border border-slate-200 p-3" style={{ borderLeft: `4px solid ${r.color}` }}>
                <legend className="sr-only">{`Runway ${i + 1}`}</legend>
                <div className="flex flex-wrap items-end gap-3">
                  <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                    <input type="checkbox" checked={r.include} onChange={(e) => setRunway(i, { include: e.target.checked })} />
                    Add this runway
                  </label>
                  <div className="min-w-40 flex-1">
                    <Label htmlFor={`${id}-${i}`}>Runway name</Label>
                    <Input
                      id={`${id}-${i}`}
                      value={r.name}
                      disabled={!r.include}
                      onChange={(e) => setRunway(i, { name: e.target.value })}
                      aria-invalid={!!errors[`${i}`]}
                    />
                    <FieldError id={`${id}-${i}-error`} message={errors[`${i}`]} />
                  </div>
                </div>
                {r.include && (
                  <ul className="mt-3 space-y-2">
                    {r.tasks.map((t, k) => (
                      <li key={k} className="grid grid-cols-[auto_1fr] gap-2 sm:grid-cols-[auto_2fr_1fr_7rem]">
                        <input
                          type="checkbox"
                          className="mt-3"
                          aria-label={`Add the task ${t.name || k + 1}`}
                          checked={t.include}
                          onChange={(e) => setTask(i, k, { include: e.target.checked })}
                        />
                        <div>
                          <Input
                            aria-label={`Task ${k + 1} of ${r.name || 'this runway'}`}
                            value={t.name}
                            disabled={!t.include}
                            onChange={(e) => setTask(i, k, { name: e.target.value })}
                            aria-invalid={!!errors[`${i}.${k}.name`]}
                          />
                          <FieldError id={`${id}-${i}-${k}-name`} message={errors[`${i}.${k}.name`]} />
                        </div>
                        <select
                          aria-label={`Kind of ${t.name || `task ${k + 1}`}`}
                          className={`${SELECT} col-start-2 sm:col-start-auto`}
                          value={t.kind}
                          disabled={!t.include}
                          onChange={(e) => setTask(i, k, { kind: e.target.value as TaskKind })}
                        >
                          {TASK_KINDS.map((kind) => (
                            <option key={kind} value={kind}>
                              {TASK_KIND_LABELS[kind]}
                            </option>
                          ))}
                        </select>
                        <div className="col-start-2 sm:col-start-auto">
                          <Input
                            type="number"
                            min={0}
                            aria-label={`Days before Sunday for ${t.name || `task ${k + 1}`}`}
                            value={t.days}
                            disabled={!t.include}
                            onChange={(e) => setTask(i, k, { days: e.target.value })}
                            aria-invalid={!!errors[`${i}.${k}.days`]}
                          />
                          <FieldError id={`${id}-${i}-${k}-days`} message={errors[`${i}.${k}.days`]} />
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </fieldset>
            ))}
          </div>
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-4 py-3 sm:px-6">
            {formError && (
              <p role="alert" className="mr-auto text-sm text-red-600">
                {formError}
              </p>
            )}
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            <Button onClick={() => void submit()} disabled={props.pending}>
              {M.addStandard}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
