import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { RUNWAY_SETUP_MESSAGES as M, standardBody, type StandardBody } from '@shared/api/runway-setup';
import { TASK_KIND_LABELS, TASK_KINDS, type TaskKind } from '@shared/domain/planning';
import { STANDARD_RUNWAYS } from '@shared/domain/runway-setup';
import { Button } from '@web/components/ui/button';
import { describedBy, FieldError, Input, TextField } from '@web/components/ui/input';
import { SELECT } from './task-form';

interface DraftTask {
  include: boolean;
  name: string;
  kind: TaskKind;
  daysBefore: number;
}
interface DraftRunway {
  include: boolean;
  name: string;
  color: string;
  tasks: DraftTask[];
}
interface Draft {
  runways: DraftRunway[];
}

/**
 * The API's standard runway and task, checked only where ticked: what is left out is not sent, so
 * nothing in it is refused. At least one runway stays.
 */
const standardRunway = standardBody.shape.runways.element;
const leftOut = z.object({ include: z.literal(false) });
const draftTask = z.preprocess(
  (task: DraftTask) => (task.include ? task : { include: false }),
  z.discriminatedUnion('include', [standardRunway.shape.tasks.element.extend({ include: z.literal(true) }), leftOut]),
);
const draftRunway = z.preprocess(
  (runway: DraftRunway) => (runway.include ? runway : { include: false }),
  z.discriminatedUnion('include', [standardRunway.extend({ include: z.literal(true), tasks: z.array(draftTask) }), leftOut]),
);
const draftForm = z.object({
  runways: z.array(draftRunway).refine((runways) => runways.some((r) => r.include), 'Keep at least one runway.'),
});
type ParsedDraft = z.output<typeof draftForm>;
type DraftForm = UseFormReturn<Draft, unknown, ParsedDraft>;

const fresh = (): Draft => ({
  runways: STANDARD_RUNWAYS.map((r) => ({
    include: true,
    name: r.name,
    color: r.color,
    tasks: r.tasks.map((t) => ({ include: true, name: t.name, kind: t.kind, daysBefore: t.daysBefore })),
  })),
});

/** The ticked items of a list. */
const ticked = <T extends { include: boolean }>(items: T[]) => items.filter((item): item is Extract<T, { include: true }> => item.include);

/** The ticked runways with their ticked tasks, as the API takes them. */
const bodyOf = (draft: ParsedDraft): StandardBody => ({
  runways: ticked(draft.runways).map((r) => ({
    name: r.name,
    color: r.color,
    tasks: ticked(r.tasks).map((t) => ({ name: t.name, kind: t.kind, daysBefore: t.daysBefore })),
  })),
});

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
  const form = useForm<Draft, unknown, ParsedDraft>({
    resolver: zodResolver(draftForm),
    defaultValues: fresh(),
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const runways = useFieldArray({ control: form.control, name: 'runways' });
  const formError = errors.runways?.root?.message ?? errors.runways?.message ?? errors.root?.server?.message;

  const submit = form.handleSubmit(async (draft) => {
    try {
      await props.onAdd(bodyOf(draft));
      props.onOpenChange(false);
    } catch (err) {
      form.setError('root.server', { message: err instanceof Error ? err.message : String(err) });
    }
  });

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
            {runways.fields.map((field, i) => (
              <RunwayFields key={field.id} form={form} index={i} baseId={id} />
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

/** One standard runway: whether it is added, its name, and (while added) its tasks. */
function RunwayFields({ form, index: i, baseId: id }: { form: DraftForm; index: number; baseId: string }) {
  const { register, watch, control } = form;
  const tasks = useFieldArray({ control, name: `runways.${i}.tasks` });
  const runway = watch(`runways.${i}`);
  const error = form.formState.errors.runways?.[i]?.name?.message;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3" style={{ borderLeft: `4px solid ${runway.color}` }}>
      <legend className="sr-only">{`Runway ${i + 1}`}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" {...register(`runways.${i}.include`)} />
          Add this runway
        </label>
        <TextField
          id={`${id}-${i}`}
          label="Runway name"
          className="min-w-40 flex-1"
          disabled={!runway.include}
          error={error}
          {...register(`runways.${i}.name`)}
        />
      </div>
      {runway.include && (
        <ul className="mt-3 space-y-2">
          {tasks.fields.map((field, k) => (
            <TaskFields key={field.id} form={form} runway={i} index={k} baseId={id} runwayName={runway.name} />
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** One task of a runway: whether it is added, its name, kind and days before the Sunday. */
function TaskFields(props: { form: DraftForm; runway: number; index: number; baseId: string; runwayName: string }) {
  const { form, runway: i, index: k, baseId: id, runwayName } = props;
  const { register, watch } = form;
  const path = `runways.${i}.tasks.${k}` as const;
  const task = watch(path);
  const errors = form.formState.errors.runways?.[i]?.tasks?.[k];
  const nameError = errors?.name?.message;
  const daysError = errors?.daysBefore?.message;
  return (
    <li className="grid grid-cols-[auto_1fr] gap-2 sm:grid-cols-[auto_2fr_1fr_7rem]">
      <input type="checkbox" className="mt-3" aria-label={`Add the task ${task.name || k + 1}`} {...register(`${path}.include`)} />
      <div>
        <Input
          aria-label={`Task ${k + 1} of ${runwayName || 'this runway'}`}
          disabled={!task.include}
          {...describedBy(`${id}-${i}-${k}-name`, nameError)}
          {...register(`${path}.name`)}
        />
        <FieldError id={`${id}-${i}-${k}-name-error`} message={nameError} />
      </div>
      <select
        aria-label={`Kind of ${task.name || `task ${k + 1}`}`}
        className={`${SELECT} col-start-2 sm:col-start-auto`}
        disabled={!task.include}
        {...register(`${path}.kind`)}
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
          aria-label={`Days before Sunday for ${task.name || `task ${k + 1}`}`}
          disabled={!task.include}
          {...describedBy(`${id}-${i}-${k}-days`, daysError)}
          {...register(`${path}.daysBefore`, { valueAsNumber: true })}
        />
        <FieldError id={`${id}-${i}-${k}-days-error`} message={daysError} />
      </div>
    </li>
  );
}
