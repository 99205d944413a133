import { useQuery } from '@tanstack/react-query';
import { Repeat } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  RECURRING_MESSAGES as M,
  repeatFormBody,
  type RecurringSeries,
  type RepeatFormBody,
  type RepeatFormInput,
} from '@shared/api/recurring-requests';
import type { RequestTemplate } from '@shared/api/request-templates';
import { CADENCE_LABELS, CADENCES } from '@shared/domain/recurrence';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { setServerErrors } from '@web/lib/form-errors';
import { recurringQuery, useCreateRecurring, useRecurringAction } from '../api/recurring';

const SELECT =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

const STATUS_TEXT = { active: 'Active', paused: 'Paused', ended: 'Ended' } as const;

/**
 * The person's recurring requests (guide/requests.md#recurring-requests): each with its cadence, the
 * next event it will make a request for and the latest it made; Pause, Resume and End (after a
 * confirmation). Ending or pausing never changes the requests already made.
 */
export function RecurringSection() {
  const id = useId();
  const list = useQuery(recurringQuery);
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-slate-900">
        Recurring requests
      </h2>
      {list.isPending ? (
        <LoadingState label="Loading recurring requests..." />
      ) : list.isError ? (
        <ErrorState message="Could not load the recurring requests" onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">None yet: choose Repeat on a template to have a request made for every event.</p>
      ) : (
        <ul className="space-y-3" aria-labelledby={id}>
          {list.data.items.map((s) => (
            <li key={s.id}>
              <SeriesCard series={s} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SeriesCard({ series }: { series: RecurringSeries }) {
  const act = useRecurringAction();
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 font-semibold text-slate-900">
            <Repeat className="h-4 w-4 text-brand-700" aria-hidden />
            {series.name}
            <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{STATUS_TEXT[series.status]}</span>
          </h3>
          <p className="text-sm text-slate-600">
            {CADENCE_LABELS[series.cadence]} from {series.firstDate}
            {series.untilDate ? ` to ${series.untilDate}` : ''} · made {series.daysAhead} days ahead
            {series.nextDate ? ` · next event ${series.nextDate}` : ''}
          </p>
        </div>
        {series.status !== 'ended' && (
          <div className="flex gap-2">
            {series.status === 'active' ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => act.mutate({ id: series.id, action: 'pause' })}
                aria-label={`Pause ${series.name}`}
              >
                Pause
              </Button>
            ) : (
              <Button
                variant="outline"
                size="sm"
                onClick={() => act.mutate({ id: series.id, action: 'resume' })}
                aria-label={`Resume ${series.name}`}
              >
                Resume
              </Button>
            )}
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" aria-label={`End ${series.name}`}>
                  End
                </Button>
              }
              title="End this recurring request?"
              description={M.endConfirm(series.name)}
              confirm="End"
              destructive
              onConfirm={() => act.mutateAsync({ id: series.id, action: 'end' })}
            />
          </div>
        )}
      </div>
      {series.recent.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`Requests made by ${series.name}`}>
          {series.recent.map((o) => (
            <li key={o.occurrenceDate}>
              {o.requestId ? (
                <Link to={`/request/${o.requestId}`} className="text-brand-700 underline">
                  {o.occurrenceDate}
                </Link>
              ) : (
                <span className="text-red-700">
                  {o.occurrenceDate}: not made ({o.failure})
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Repeat a template: cadence, first event date, optional last date, days ahead, and the calendar answer for every occurrence. */
export function RepeatForm({ template, onDone }: { template: RequestTemplate; onDone: () => void }) {
  const id = useId();
  const create = useCreateRecurring();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RepeatFormInput, unknown, RepeatFormBody>({
    resolver: zodResolver(repeatFormBody),
    defaultValues: { cadence: 'weekly', firstDate: '', untilDate: null, daysAhead: 21, planningCenterAdded: false },
    shouldFocusError: false,
  });
  const submit = handleSubmit(async (body) => {
    try {
      await create.mutateAsync({ templateId: template.id, ...body });
      onDone();
    } catch (err) {
      if (!setServerErrors(setError, err, ['cadence', 'firstDate', 'untilDate', 'daysAhead', 'planningCenterAdded'])) {
        setError('root.server', { message: err instanceof Error ? err.message : String(err) });
      }
    }
  });
  const field = (name: 'firstDate' | 'untilDate' | 'daysAhead') => ({
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`Repeat ${template.name}`}
      className="mt-3 grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2"
    >
      <div>
        <Label htmlFor={`${id}-cadence`}>Repeat</Label>
        <select id={`${id}-cadence`} className={SELECT} {...register('cadence')}>
          {CADENCES.map((c) => (
            <option key={c} value={c}>
              {CADENCE_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${id}-days`}>Make each request this many days before its event</Label>
        <Input
          id={`${id}-days`}
          type="number"
          min={1}
          max={180}
          {...field('daysAhead')}
          {...register('daysAhead', { valueAsNumber: true })}
        />
        <FieldError id={`${id}-daysAhead-error`} message={errors.daysAhead?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-first`}>First event date</Label>
        <Input id={`${id}-first`} type="date" {...field('firstDate')} {...register('firstDate')} />
        <FieldError id={`${id}-firstDate-error`} message={errors.firstDate?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-until`}>Last event date (optional)</Label>
        <Input
          id={`${id}-until`}
          type="date"
          {...field('untilDate')}
          {...register('untilDate', { setValueAs: (v: string | null) => v || null })}
        />
        <FieldError id={`${id}-untilDate-error`} message={errors.untilDate?.message} />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
        <input type="checkbox" className="h-4 w-4" {...register('planningCenterAdded')} />
        Every event is on the church calendar
      </label>
      {errors.root?.server && (
        <p role="alert" className="text-sm text-red-600 sm:col-span-2">
          {errors.root.server.message}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          Start repeating
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
