import { useState } from 'react';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import { calendarQuestionText } from '@shared/domain/church-config';
import { NUDGE_MAX_DAYS } from '@shared/domain/nudge-settings';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { useChurchConfig, useConfigChange } from '@web/lib/church-config';
import { CHECKBOX, ConfigNav, errorsOf } from '../components/config-parts';

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

/** A whole number of days as typed; empty is no number, which the server refuses with its message. */
const days = (value: string) => (value.trim() === '' ? NaN : Number(value));

function ChurchForm({ church }: { church: ChurchConfigResponse['church'] }) {
  const [churchName, setChurchName] = useState(church.churchName);
  const [contactEmail, setContactEmail] = useState(church.contactEmail ?? '');
  const [timeZone, setTimeZone] = useState(church.timeZone ?? '');
  const [promotionMinDays, setPromotionMinDays] = useState(String(church.promotionMinDays));
  const [calendarQuestion, setCalendarQuestion] = useState(church.calendarQuestion);
  const [calendarName, setCalendarName] = useState(church.calendarName);
  const [calendarRequired, setCalendarRequired] = useState(church.calendarRequired);
  const [proofNudgeDays, setProofNudgeDays] = useState(String(church.proofNudgeDays));
  const [nudgeEscalateDays, setNudgeEscalateDays] = useState(String(church.nudgeEscalateDays));
  const [stageStuckDays, setStageStuckDays] = useState(String(church.stageStuckDays));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useConfigChange((body: object) => api.put<ChurchConfigResponse>('/api/admin/church', body), {
    onSuccess: () => toast({ title: 'Church settings saved.' }),
    onError: (err) => setErrors(errorsOf(err)),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate({
      churchName,
      contactEmail,
      timeZone,
      promotionMinDays: days(promotionMinDays),
      calendarQuestion,
      calendarName,
      calendarRequired,
      proofNudgeDays: days(proofNudgeDays),
      nudgeEscalateDays: days(nudgeEscalateDays),
      stageStuckDays: days(stageStuckDays),
    });
  };
  const dayField = (id: string, key: string, label: string, hint: string, value: string, set: (v: string) => void) => (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        {...field(id, key)}
        type="number"
        min={1}
        max={NUDGE_MAX_DAYS}
        inputMode="numeric"
        value={value}
        onChange={(e) => set(e.target.value)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={errors[key]} />
    </div>
  );
  const field = (id: string, key: string) => ({
    id,
    'aria-invalid': !!errors[key],
    'aria-describedby': errors[key] ? `${id}-error` : `${id}-hint`,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Card className="space-y-5 p-6">
        <div>
          <Label htmlFor="church-name">Church name</Label>
          <Input {...field('church-name', 'churchName')} value={churchName} onChange={(e) => setChurchName(e.target.value)} />
          <p id="church-name-hint" className="mt-1 text-xs text-slate-500">
            The church's own name, kept with its configuration.
          </p>
          <FieldError id="church-name-error" message={errors.churchName} />
        </div>
        <div>
          <Label htmlFor="church-email">Contact e-mail</Label>
          <Input
            {...field('church-email', 'contactEmail')}
            type="email"
            value={contactEmail}
            onChange={(e) => setContactEmail(e.target.value)}
          />
          <p id="church-email-hint" className="mt-1 text-xs text-slate-500">
            The landing page's footer names it for questions; leave empty for none.
          </p>
          <FieldError id="church-email-error" message={errors.contactEmail} />
        </div>
        <div>
          <Label htmlFor="church-zone">Time zone</Label>
          <Input
            {...field('church-zone', 'timeZone')}
            value={timeZone}
            placeholder={church.effectiveTimeZone}
            onChange={(e) => setTimeZone(e.target.value)}
          />
          <p id="church-zone-hint" className="mt-1 text-xs text-slate-500">
            Sunday and due dates are in this time zone, e.g. America/Chicago. Empty: the server's CHURCH_TIME_ZONE (now{' '}
            {church.effectiveTimeZone}).
          </p>
          <FieldError id="church-zone-error" message={errors.timeZone} />
        </div>
        <div>
          <Label htmlFor="church-notice">Minimum notice for a promotion start (days)</Label>
          <Input
            {...field('church-notice', 'promotionMinDays')}
            type="number"
            min={0}
            inputMode="numeric"
            value={promotionMinDays}
            onChange={(e) => setPromotionMinDays(e.target.value)}
          />
          <p id="church-notice-hint" className="mt-1 text-xs text-slate-500">
            A request's promotion may start this many days from today at the earliest.
          </p>
          <FieldError id="church-notice-error" message={errors.promotionMinDays} />
        </div>
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">Calendar question</legend>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className={`${CHECKBOX} mt-0.5`}
              checked={calendarQuestion}
              onChange={(e) => setCalendarQuestion(e.target.checked)}
            />
            <span>Ask on the new-request form: “{calendarQuestionText({ calendarName: calendarName || '…' })}”</span>
          </label>
          <div>
            <Label htmlFor="church-calendar">Calendar name</Label>
            <Input
              {...field('church-calendar', 'calendarName')}
              value={calendarName}
              disabled={!calendarQuestion}
              onChange={(e) => setCalendarName(e.target.value)}
            />
            <p id="church-calendar-hint" className="mt-1 text-xs text-slate-500">
              The calendar the church keeps its events on, e.g. Planning Center.
            </p>
            <FieldError id="church-calendar-error" message={errors.calendarName} />
          </div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className={`${CHECKBOX} mt-0.5`}
              checked={calendarRequired}
              disabled={!calendarQuestion}
              onChange={(e) => setCalendarRequired(e.target.checked)}
            />
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
            proofNudgeDays,
            setProofNudgeDays,
          )}
          {dayField(
            'church-nudge-escalate',
            'nudgeEscalateDays',
            'Then remind the coordinator after a further (days)',
            "If the proof still waits this many days more, the request's coordinator is reminded too.",
            nudgeEscalateDays,
            setNudgeEscalateDays,
          )}
          {dayField(
            'church-stage-stuck',
            'stageStuckDays',
            'Remind the assignee of work stuck in a stage after (days)',
            'Work in Submitted or In Progress this long reminds the person assigned to it.',
            stageStuckDays,
            setStageStuckDays,
          )}
        </fieldset>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
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
