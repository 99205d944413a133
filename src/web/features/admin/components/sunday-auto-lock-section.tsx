import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { SUNDAY_AUTO_LOCK_MESSAGES } from '@shared/api/notes';
import { type FormEvent, useState } from 'react';
import { LOCK_TIME_PATTERN, WEEKDAYS } from '@shared/domain/sunday-lock';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { sundayAutoLockQuery, useSetSundayAutoLock } from '../api/sunday-auto-lock';
import { lastChangedText, SectionHeader } from './section-header';

/**
 * The Sunday lock rule (decision 0055): on by default, Thursday at 12:00; an admin sets another
 * weekday and time, or turns it off for a church that locks by hand. The server's job reads the
 * same setting.
 */
export function SundayAutoLockSection() {
  const setting = useQuery(sundayAutoLockQuery);
  const save = useSetSundayAutoLock();
  const [askingOff, setAskingOff] = useState(false);
  return (
    <Card className="overflow-hidden">
      <SectionHeader
        id="sunday-auto-lock-heading"
        icon={Lock}
        title={SUNDAY_AUTO_LOCK_MESSAGES.heading}
        description={SUNDAY_AUTO_LOCK_MESSAGES.explanation}
      />
      <div className="border-t border-slate-200 px-5 py-4 sm:px-6">
        {setting.isPending ? (
          <LoadingState />
        ) : setting.isError ? (
          <ErrorState message={`${SUNDAY_AUTO_LOCK_MESSAGES.fetchFailed}${setting.error.message}`} onRetry={() => void setting.refetch()} />
        ) : (
          <div className="space-y-2">
            <label htmlFor="sunday-auto-lock" className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
              <input
                id="sunday-auto-lock"
                type="checkbox"
                role="switch"
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                checked={save.isPending ? save.variables.enabled : setting.data.enabled}
                disabled={save.isPending}
                aria-describedby="sunday-auto-lock-zone"
                onChange={(e) => {
                  // Turning the lock off leaves every Sunday open until someone locks it by hand: asked first.
                  if (e.target.checked) save.mutate({ enabled: true });
                  else setAskingOff(true);
                }}
              />
              <span className="font-medium">{SUNDAY_AUTO_LOCK_MESSAGES.label}</span>
            </label>
            <ConfirmDialog
              open={askingOff}
              onOpenChange={setAskingOff}
              title="Turn the Sunday auto-lock off?"
              description="Sundays then stay open to changes until someone locks each one by hand."
              confirm="Turn Off"
              pendingLabel="Turning off..."
              destructive
              onConfirm={() => save.mutateAsync({ enabled: false })}
            />
            <LockTimeForm
              key={`${setting.data.weekday}|${setting.data.time}`}
              weekday={setting.data.weekday}
              time={setting.data.time}
              disabled={!setting.data.enabled || save.isPending}
              onSave={(weekday, time) => save.mutate({ enabled: setting.data.enabled, weekday, time })}
            />
            <p id="sunday-auto-lock-zone" className="pl-8 text-xs text-slate-500">
              {setting.data.sentence ? `Sundays lock on ${setting.data.sentence}. ` : 'Sundays lock only by hand. '}
              Church time zone: {setting.data.timeZone}.{lastChangedText(setting.data)}
            </p>
          </div>
        )}
      </div>
    </Card>
  );
}

/** The weekday before each Sunday and the time it locks; a time that is not HH:MM is refused before sending. */
function LockTimeForm(props: { weekday: number; time: string; disabled: boolean; onSave: (weekday: number, time: string) => void }) {
  const [weekday, setWeekday] = useState(props.weekday);
  const [time, setTime] = useState(props.time);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!LOCK_TIME_PATTERN.test(time)) return setError(SUNDAY_AUTO_LOCK_MESSAGES.badTime);
    setError(undefined);
    props.onSave(weekday, time);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3 pl-8">
      <div>
        <Label htmlFor="sunday-lock-weekday">{SUNDAY_AUTO_LOCK_MESSAGES.weekday}</Label>
        <select
          id="sunday-lock-weekday"
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm disabled:bg-slate-100"
          value={weekday}
          disabled={props.disabled}
          onChange={(e) => setWeekday(Number(e.target.value))}
        >
          {[1, 2, 3, 4, 5, 6, 0].map((d) => (
            <option key={d} value={d}>
              {d === 0 ? 'Sunday (the day itself)' : `${WEEKDAYS[d]} before`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="sunday-lock-time">{SUNDAY_AUTO_LOCK_MESSAGES.time}</Label>
        <Input
          id="sunday-lock-time"
          type="time"
          className="w-32"
          value={time}
          disabled={props.disabled}
          onChange={(e) => setTime(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? 'sunday-lock-time-error' : undefined}
        />
      </div>
      <Button type="submit" variant="outline" disabled={props.disabled || (weekday === props.weekday && time === props.time)}>
        {SUNDAY_AUTO_LOCK_MESSAGES.saveRule}
      </Button>
      <FieldError id="sunday-lock-time-error" message={error} />
    </form>
  );
}
