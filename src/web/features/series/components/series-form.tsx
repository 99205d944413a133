import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  DESCRIPTION_MAX,
  SERIES_MESSAGES,
  seriesBody,
  seriesSaveFailureTitle,
  TAGLINE_MAX,
  TITLE_MAX,
  type SeriesDetail,
} from '@shared/api/series';
import { isSunday } from '@shared/domain/dates';
import { DEFAULT_THEME_COLOR, THEME_COLOR_PATTERN } from '@shared/domain/series';
import { Button, buttonClasses } from '@web/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { ApiError } from '@web/lib/api';
import { seriesOwnersQuery } from '../api/get-owners';
import { useSaveSeries } from '../api/save-series';
import { datesOf, initialDrafts, initialValues, toBody, type SeriesFormValues, type WeekDrafts } from './form-values';
import { WeeklyBreakdown } from './weekly-breakdown';

type Errors = Record<string, string>;
const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/** The first message per field of a refused body, keyed as the server keys them ('weeks.0.sundayDate'). */
function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const out: Errors = {};
  for (const issue of issues) out[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  return out;
}

/** A date typed that is not a Sunday is flagged as it is typed; the server refuses it too. */
const sundayError = (value: string) => (value && !isSunday(value) ? SERIES_MESSAGES.notSunday : undefined);

/**
 * The series form (/series/new and /series/{id}; guide/sunday-planning.md#sermon-series): title, tagline, description,
 * start and end Sundays, theme colour (picker and text), owner, and the Weekly Breakdown. The
 * typed text lives in this component's state, so a refused save loses nothing; the form is filled
 * once from the loaded series and is not reset by live reloads while someone types.
 */
export function SeriesForm({
  series,
  onSaved,
  abandoned = false,
}: {
  series: SeriesDetail | null;
  onSaved: (saved: SeriesDetail) => void;
  /** The series is gone (deleted from its page): leaving asks nothing. */
  abandoned?: boolean;
}) {
  const [values, setValues] = useState<SeriesFormValues>(() => initialValues(series));
  const [drafts, setDrafts] = useState<WeekDrafts>(() => initialDrafts(series));
  const [errors, setErrors] = useState<Errors>({});
  const owners = useQuery(seriesOwnersQuery);
  // What was loaded, as a save would send it: the form is dirty while what it would send differs.
  const [loaded] = useState(() => JSON.stringify(toBody(initialValues(series), initialDrafts(series))));
  const dirty = !abandoned && JSON.stringify(toBody(values, drafts)) !== loaded;
  const guard = useUnsavedGuard({ dirty, body: 'Your changes to this series are not saved. Leave and lose them?', leave: 'Leave' });
  const save = useSaveSeries((saved) => {
    guard.release();
    onSaved(saved);
  });

  const set = (field: keyof SeriesFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const changeWeek = (sundayDate: string, field: 'weekTitle' | 'scripture' | 'blurb', value: string, fallbackTitle: string) =>
    setDrafts((d) => ({
      ...d,
      [sundayDate]: { ...(d[sundayDate] ?? { sundayDate, weekTitle: fallbackTitle, scripture: '', blurb: '' }), [field]: value },
    }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = toBody(values, drafts);
    const parsed = seriesBody.safeParse(body);
    if (!parsed.success) {
      const found = errorsOf(parsed.error.issues);
      setErrors(found);
      toast({ title: seriesSaveFailureTitle(found), description: Object.values(found)[0], variant: 'destructive' });
      return;
    }
    setErrors({});
    save.mutate({ id: series?.id ?? null, body }, { onError: (err) => setErrors(err instanceof ApiError && err.fields ? err.fields : {}) });
  };

  const fieldProps = (name: string) => ({
    'aria-invalid': !!errors[name] || undefined,
    'aria-describedby': errors[name] ? `series-${name}-error` : undefined,
  });
  const startError = sundayError(values.startSunday) ?? errors.startSunday;
  const endError = sundayError(values.endSunday) ?? errors.endSunday;
  const colourValid = THEME_COLOR_PATTERN.test(values.themeColor);
  const ownerOptions = owners.data ?? [];
  const keepsGoneOwner = series?.ownerId && series.ownerId === values.ownerId && !ownerOptions.some((o) => o.id === series.ownerId);

  return (
    <form onSubmit={submit} noValidate aria-label={series ? `Edit ${series.title}` : SERIES_MESSAGES.newSeries}>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <div className="sm:col-span-2">
          <Label htmlFor="series-title">Title</Label>
          <Input
            id="series-title"
            value={values.title}
            maxLength={TITLE_MAX}
            required
            onChange={(e) => set('title')(e.target.value)}
            {...fieldProps('title')}
          />
          <FieldError id="series-title-error" message={errors.title} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor="series-tagline">Tagline</Label>
          <Input
            id="series-tagline"
            value={values.tagline}
            maxLength={TAGLINE_MAX}
            onChange={(e) => set('tagline')(e.target.value)}
            {...fieldProps('tagline')}
          />
          <FieldError id="series-tagline-error" message={errors.tagline} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor="series-description">Description</Label>
          <Textarea
            id="series-description"
            rows={3}
            value={values.description}
            maxLength={DESCRIPTION_MAX}
            onChange={(e) => set('description')(e.target.value)}
            {...fieldProps('description')}
          />
          <FieldError id="series-description-error" message={errors.description} />
        </div>
        <div>
          <Label htmlFor="series-startSunday">Start Sunday</Label>
          <Input
            id="series-startSunday"
            type="date"
            value={values.startSunday}
            onChange={(e) => set('startSunday')(e.target.value)}
            aria-invalid={!!startError || undefined}
            aria-describedby={startError ? 'series-startSunday-error' : undefined}
          />
          <FieldError id="series-startSunday-error" message={startError} />
        </div>
        <div>
          <Label htmlFor="series-endSunday">End Sunday</Label>
          <Input
            id="series-endSunday"
            type="date"
            value={values.endSunday}
            onChange={(e) => set('endSunday')(e.target.value)}
            aria-invalid={!!endError || undefined}
            aria-describedby={endError ? 'series-endSunday-error' : undefined}
          />
          <FieldError id="series-endSunday-error" message={endError} />
        </div>
        <div>
          <Label htmlFor="series-themeColor">Theme colour</Label>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label="Theme colour picker"
              className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
              value={colourValid ? values.themeColor.toLowerCase() : DEFAULT_THEME_COLOR}
              onChange={(e) => set('themeColor')(e.target.value)}
            />
            <Input
              id="series-themeColor"
              value={values.themeColor}
              maxLength={7}
              spellCheck={false}
              onChange={(e) => set('themeColor')(e.target.value.trim())}
              {...fieldProps('themeColor')}
            />
          </div>
          <FieldError id="series-themeColor-error" message={errors.themeColor} />
        </div>
        <div>
          <Label htmlFor="series-ownerId">Owner</Label>
          <select
            id="series-ownerId"
            className={SELECT}
            value={values.ownerId}
            onChange={(e) => set('ownerId')(e.target.value)}
            {...fieldProps('ownerId')}
          >
            <option value="">No owner</option>
            {keepsGoneOwner && <option value={series.ownerId!}>{series.ownerName ?? 'Current owner'}</option>}
            {ownerOptions.map((o) => (
              <option key={o.id} value={o.id}>
                {o.fullName}
              </option>
            ))}
          </select>
          <FieldError id="series-ownerId-error" message={errors.ownerId} />
        </div>
      </div>

      <WeeklyBreakdown
        dates={datesOf(values)}
        drafts={drafts}
        onChange={(date, field, value, fallback) => changeWeek(date, field, value, fallback)}
      />

      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Link to="/series" className={buttonClasses('outline')}>
          Cancel
        </Link>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Series'}
        </Button>
      </div>
      {guard.dialog}
    </form>
  );
}
