import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { churchSettingsBody, type ChurchConfigResponse } from '@shared/api/church-config';
import { calendarQuestionText, CONFIG_MESSAGES } from '@shared/domain/church-config';
import { NUDGE_MAX_DAYS } from '@shared/domain/nudge-settings';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { useChurchConfig, useConfigChange } from '@web/lib/church-config';
import { CHECKBOX, ConfigNav, showRefusal } from '../components/config-parts';

/**
 * Admin > Church settings (decision 0056): the church's name and contact e-mail (landing page and
 * e-mails), its time zone, the minimum notice of a promotion start, the calendar question of
 * the new-request form and when stalled work nudges its people (decision 0066).
 */
export function Component() {
  const config = useChurchConfig();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <ConfigNav current="church" />
      <PageHeader title="Church Settings" />
      {config.isPending ? (
        <LoadingState />
      ) : config.isError ? (
        <ErrorState message={config.error.message} onRetry={() => void config.refetch()} />
      ) : (
        <ChurchForm church={config.data.church} />
      )}
    </main>
  );
}

/**
 * The API's settings body; an empty number of days is no number, refused with the server's words.
 * Which time zones exist, the e-mail's shape and the ranges the server checks and answers.
 */
const churchForm = churchSettingsBody.extend({
  promotionMinDays: z.number({ error: CONFIG_MESSAGES.promotionMinDays }),
  proofNudgeDays: z.number({ error: CONFIG_MESSAGES.nudgeDays }).optional(),
  nudgeEscalateDays: z.number({ error: CONFIG_MESSAGES.nudgeDays }).optional(),
  stageStuckDays: z.number({ error: CONFIG_MESSAGES.nudgeDays }).optional(),
});
type ChurchFormInput = z.input<typeof churchForm>;
type ChurchFormOutput = z.output<typeof churchForm>;

const FIELDS = [
  'churchName',
  'contactEmail',
  'timeZone',
  'promotionMinDays',
  'calendarName',
  'proofNudgeDays',
  'nudgeEscalateDays',
  'stageStuckDays',
] as const;
type Field = (typeof FIELDS)[number];

function ChurchForm({ church }: { church: ChurchConfigResponse['church'] }) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ChurchFormInput, unknown, ChurchFormOutput>({
    resolver: zodResolver(churchForm),
    defaultValues: {
      churchName: church.churchName,
      contactEmail: church.contactEmail ?? '',
      timeZone: church.timeZone ?? '',
      promotionMinDays: church.promotionMinDays,
      calendarQuestion: church.calendarQuestion,
      calendarName: church.calendarName,
      calendarRequired: church.calendarRequired,
      proofNudgeDays: church.proofNudgeDays,
      nudgeEscalateDays: church.nudgeEscalateDays,
      stageStuckDays: church.stageStuckDays,
    },
    shouldFocusError: false,
  });
  const save = useConfigChange((body: ChurchFormOutput) => api.put<ChurchConfigResponse>('/api/admin/church', body), {
    onSuccess: () => toast({ title: 'Church settings saved.' }),
    onError: (err) => showRefusal(setError, err, FIELDS),
  });
  const submit = handleSubmit((body) => save.mutate(body));
  const calendarQuestion = watch('calendarQuestion');
  const calendarName = watch('calendarName');
  const field = (id: string, key: Field) => ({
    id,
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `${id}-error` : `${id}-hint`,
  });
  const dayField = (id: string, key: 'proofNudgeDays' | 'nudgeEscalateDays' | 'stageStuckDays', label: string, hint: string) => (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        {...field(id, key)}
        type="number"
        min={1}
        max={NUDGE_MAX_DAYS}
        inputMode="numeric"
        {...register(key, { valueAsNumber: true })}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={errors[key]?.message} />
    </div>
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Card className="space-y-5 p-6">
        <div>
          <Label htmlFor="church-name">Church name</Label>
          <Input {...field('church-name', 'churchName')} {...register('churchName')} />
          <p id="church-name-hint" className="mt-1 text-xs text-slate-500">
            The church's own name, kept with its configuration.
          </p>
          <FieldError id="church-name-error" message={errors.churchName?.message} />
        </div>
        <div>
          <Label htmlFor="church-email">Contact e-mail</Label>
          <Input {...field('church-email', 'contactEmail')} type="email" {...register('contactEmail')} />
          <p id="church-email-hint" className="mt-1 text-xs text-slate-500">
            The landing page's footer names it for questions; leave empty for none.
          </p>
          <FieldError id="church-email-error" message={errors.contactEmail?.message} />
        </div>
        <div>
          <Label htmlFor="church-zone">Time zone</Label>
          <Input {...field('church-zone', 'timeZone')} placeholder={church.effectiveTimeZone} {...register('timeZone')} />
          <p id="church-zone-hint" className="mt-1 text-xs text-slate-500">
            Sunday and due dates are in this time zone, e.g. America/Chicago. Empty: the server's CHURCH_TIME_ZONE (now{' '}
            {church.effectiveTimeZone}).
          </p>
          <FieldError id="church-zone-error" message={errors.timeZone?.message} />
        </div>
        <div>
          <Label htmlFor="church-notice">Minimum notice for a promotion start (days)</Label>
          <Input
            {...field('church-notice', 'promotionMinDays')}
            type="number"
            min={0}
            inputMode="numeric"
            {...register('promotionMinDays', { valueAsNumber: true })}
          />
          <p id="church-notice-hint" className="mt-1 text-xs text-slate-500">
            A request's promotion may start this many days from today at the earliest.
          </p>
          <FieldError id="church-notice-error" message={errors.promotionMinDays?.message} />
        </div>
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">Calendar question</legend>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className={`${CHECKBOX} mt-0.5`} {...register('calendarQuestion')} />
            <span>Ask on the new-request form: “{calendarQuestionText({ calendarName: calendarName || '…' })}”</span>
          </label>
          <div>
            <Label htmlFor="church-calendar">Calendar name</Label>
            <Input {...field('church-calendar', 'calendarName')} disabled={!calendarQuestion} {...register('calendarName')} />
            <p id="church-calendar-hint" className="mt-1 text-xs text-slate-500">
              The calendar the church keeps its events on, e.g. Planning Center.
            </p>
            <FieldError id="church-calendar-error" message={errors.calendarName?.message} />
          </div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className={`${CHECKBOX} mt-0.5`} disabled={!calendarQuestion} {...register('calendarRequired')} />
            <span>A No blocks submitting (the event must be on the calendar first)</span>
          </label>
        </fieldset>
        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">Nudges</legend>
          <p className="text-xs text-slate-500">
            Stalled work reminds the person it waits on, at most once a day in one summary, by their task-reminder e-mail choice.
          </p>
          {dayField(
            'church-proof-nudge',
            'proofNudgeDays',
            'Remind the approver of a waiting proof after (days)',
            'A proof waiting this long for approval reminds the requester who approves it.',
          )}
          {dayField(
            'church-nudge-escalate',
            'nudgeEscalateDays',
            'Then remind the coordinator after a further (days)',
            "If the proof still waits this many days more, the request's coordinator is reminded too.",
          )}
          {dayField(
            'church-stage-stuck',
            'stageStuckDays',
            'Remind the assignee of work stuck in a stage after (days)',
            'Work in Submitted or In Progress this long reminds the person assigned to it.',
          )}
        </fieldset>
        {errors.root?.server && (
          <p role="alert" className="text-sm text-red-700">
            {errors.root.server.message}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            Save Settings
          </Button>
        </div>
      </Card>
    </form>
  );
}
