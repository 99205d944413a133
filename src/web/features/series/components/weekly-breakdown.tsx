import type { UseFormRegisterReturn } from 'react-hook-form';
import { SERIES_MESSAGES } from '@shared/api/series';
import { defaultWeekTitle, hasWeekRange, type SeriesDates } from '@shared/domain/series';
import { formatDueDate } from '@shared/domain/tasks';
import { Input, Label, Textarea } from '@web/components/ui/input';

export type WeekField = 'weekTitle' | 'scripture' | 'blurb';
/** A week's field as the form registers it, by the week's place in the breakdown. */
type WeekFieldProps = (index: number, field: WeekField) => UseFormRegisterReturn;

/**
 * The 'Weekly Breakdown' (guide/sunday-planning.md#sermon-series), generated live by the rule from the dates: one
 * week per Sunday from the first Sunday on or after the start, 'Week N' unless a week was
 * written for that Sunday, whose title, scripture and blurb stay as typed.
 */
export function WeeklyBreakdown({
  dates,
  weeks,
  field,
}: {
  dates: SeriesDates;
  /** The form's rows, one per Sunday of the dates, each with the field array's key. */
  weeks: ReadonlyArray<{ id: string; sundayDate: string }>;
  field: WeekFieldProps;
}) {
  return (
    <section aria-labelledby="weekly-breakdown-heading" className="mt-8">
      <h2 id="weekly-breakdown-heading" className="text-lg font-semibold text-slate-900">
        {SERIES_MESSAGES.weeklyBreakdown}
      </h2>
      {weeks.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          {dates.startSunday && dates.endSunday && !hasWeekRange(dates) ? SERIES_MESSAGES.startAfterEnd : SERIES_MESSAGES.weeksWithoutDates}
        </p>
      ) : (
        <ol className="mt-3 space-y-3">
          {weeks.map((week, i) => (
            <WeekRow key={week.id} index={i} sundayDate={week.sundayDate} field={field} />
          ))}
        </ol>
      )}
    </section>
  );
}

function WeekRow({ index, sundayDate, field }: { index: number; sundayDate: string; field: WeekFieldProps }) {
  const id = (name: string) => `week-${sundayDate}-${name}`;
  const fallback = defaultWeekTitle(index + 1);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-sunday={sundayDate}>
      <p className="mb-3 text-sm font-medium text-slate-500">
        {fallback} · <time dateTime={sundayDate}>Sunday, {formatDueDate(sundayDate)}</time>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <Label htmlFor={id('title')}>
            Week title
            <span className="sr-only"> ({fallback})</span>
          </Label>
          <Input id={id('title')} placeholder={fallback} maxLength={200} {...field(index, 'weekTitle')} />
        </div>
        <div>
          <Label htmlFor={id('scripture')}>
            Scripture
            <span className="sr-only"> ({fallback})</span>
          </Label>
          <Input id={id('scripture')} maxLength={2000} {...field(index, 'scripture')} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={id('blurb')}>
            Blurb
            <span className="sr-only"> ({fallback})</span>
          </Label>
          <Textarea id={id('blurb')} rows={2} maxLength={2000} {...field(index, 'blurb')} />
        </div>
      </div>
    </li>
  );
}
