import { SERIES_MESSAGES } from '@shared/api/series';
import { defaultWeekTitle, hasWeekRange, seriesSundays, type SeriesDates, type SeriesWeekDraft } from '@shared/domain/series';
import { formatDueDate } from '@shared/domain/tasks';
import { Input, Label, Textarea } from '@web/components/ui/input';
import type { WeekDrafts } from './form-values';

export type WeekField = 'weekTitle' | 'scripture' | 'blurb';

/**
 * The 'Weekly Breakdown' (guide/sunday-planning.md#sermon-series), generated live by the rule from the dates: one
 * week per Sunday from the first Sunday on or after the start, 'Week N' unless a week was
 * written for that Sunday, whose title, scripture and blurb stay as typed.
 */
export function WeeklyBreakdown({
  dates,
  drafts,
  onChange,
}: {
  dates: SeriesDates;
  drafts: WeekDrafts;
  onChange: (sundayDate: string, field: WeekField, value: string, fallbackTitle: string) => void;
}) {
  const sundays = seriesSundays(dates);
  return (
    <section aria-labelledby="weekly-breakdown-heading" className="mt-8">
      <h2 id="weekly-breakdown-heading" className="text-lg font-semibold text-slate-900">
        {SERIES_MESSAGES.weeklyBreakdown}
      </h2>
      {sundays.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          {dates.startSunday && dates.endSunday && !hasWeekRange(dates) ? SERIES_MESSAGES.startAfterEnd : SERIES_MESSAGES.weeksWithoutDates}
        </p>
      ) : (
        <ol className="mt-3 space-y-3">
          {sundays.map((sundayDate, i) => (
            <WeekRow key={sundayDate} n={i + 1} sundayDate={sundayDate} draft={drafts[sundayDate]} onChange={onChange} />
          ))}
        </ol>
      )}
    </section>
  );
}

function WeekRow({
  n,
  sundayDate,
  draft,
  onChange,
}: {
  n: number;
  sundayDate: string;
  draft: SeriesWeekDraft | undefined;
  onChange: (sundayDate: string, field: WeekField, value: string, fallbackTitle: string) => void;
}) {
  const id = (field: string) => `week-${sundayDate}-${field}`;
  const fallback = defaultWeekTitle(n);
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
          <Input
            id={id('title')}
            value={draft ? draft.weekTitle : fallback}
            placeholder={fallback}
            maxLength={200}
            onChange={(e) => onChange(sundayDate, 'weekTitle', e.target.value, fallback)}
          />
        </div>
        <div>
          <Label htmlFor={id('scripture')}>
            Scripture
            <span className="sr-only"> ({fallback})</span>
          </Label>
          <Input
            id={id('scripture')}
            value={draft?.scripture ?? ''}
            maxLength={2000}
            onChange={(e) => onChange(sundayDate, 'scripture', e.target.value, fallback)}
          />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={id('blurb')}>
            Blurb
            <span className="sr-only"> ({fallback})</span>
          </Label>
          <Textarea
            id={id('blurb')}
            rows={2}
            value={draft?.blurb ?? ''}
            maxLength={2000}
            onChange={(e) => onChange(sundayDate, 'blurb', e.target.value, fallback)}
          />
        </div>
      </div>
    </li>
  );
}
