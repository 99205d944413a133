import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
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
import { describedBy, FieldError, Input, Label, Textarea, TextField } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { errorMessages, setServerErrors } from '@web/lib/form-errors';
import { seriesOwnersQuery } from '../api/get-owners';
import { useSaveSeries } from '../api/save-series';
import { datesOf, initialDrafts, initialValues, toBody, weekRows, type SeriesFormValues, type WeekDrafts } from './form-values';
import { WeeklyBreakdown, type WeekField } from './weekly-breakdown';

/** The API's series body judges what the form would send: its fields, and the Weekly Breakdown the rule gives. */
const seriesForm = z.preprocess((values: SeriesFormValues) => toBody(values), seriesBody);
type ParsedSeriesBody = z.output<typeof seriesForm>;
type SeriesControl = Control<SeriesFormValues, unknown, ParsedSeriesBody>;
const FIELDS = ['title', 'tagline', 'description', 'startSunday', 'endSunday', 'themeColor', 'ownerId'] as const;
const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/** A date typed that is not a Sunday is flagged as it is typed; the server refuses it too. */
const sundayError = (value: string | null) => (value && !isSunday(value) ? SERIES_MESSAGES.notSunday : undefined);

/** A refused body's toast: the weeks' own title when a week is named, with the first message. */
function toastRefusal(found: object) {
  const messages = errorMessages(found);
  toast({ title: seriesSaveFailureTitle(messages), description: Object.values(messages)[0], variant: 'destructive' });
}

/**
 * The series form (/series/new and /series/{id}; guide/sunday-planning.md#sermon-series): title, tagline, description,
 * start and end Sundays, theme colour (picker and text), owner, and the Weekly Breakdown, checked
 * by the API's own schema. The typed text lives in the form, so a refused save loses nothing; the
 * form is filled once from the loaded series and is not reset by live reloads while someone types.
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
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors },
  } = useForm<SeriesFormValues, unknown, ParsedSeriesBody>({
    resolver: zodResolver(seriesForm),
    defaultValues: initialValues(series),
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const weeks = useWeekRows(series, { control, register, getValues });
  const values = watch();
  // What was loaded, as a save would send it: the form is dirty while what it would send differs.
  const [loaded] = useState(() => JSON.stringify(toBody(initialValues(series))));
  const dirty = !abandoned && JSON.stringify(toBody(values)) !== loaded;
  const guard = useUnsavedGuard({ dirty, body: 'Your changes to this series are not saved. Leave and lose them?', leave: 'Leave' });
  const save = useSaveSeries((saved) => {
    guard.release();
    onSaved(saved);
  });

  const submit = handleSubmit(
    (body) => save.mutate({ id: series?.id ?? null, body }, { onError: (err) => setServerErrors(setError, err, FIELDS) }),
    toastRefusal,
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={series ? `Edit ${series.title}` : SERIES_MESSAGES.newSeries}>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <TextFields register={register} errors={errors} />
        <DateField
          id="series-startSunday"
          label="Start Sunday"
          input={weeks.dateField('startSunday')}
          error={sundayError(values.startSunday) ?? errors.startSunday?.message}
        />
        <DateField
          id="series-endSunday"
          label="End Sunday"
          input={weeks.dateField('endSunday')}
          error={sundayError(values.endSunday) ?? errors.endSunday?.message}
        />
        <ThemeColourField control={control} />
        <OwnerField control={control} series={series} />
      </div>

      <WeeklyBreakdown dates={datesOf(values)} weeks={weeks.fields} field={weeks.weekField} />

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

/**
 * The Weekly Breakdown's rows as a field array, one per Sunday of the dates. Every week loaded or
 * typed is kept by its Sunday, also when the dates no longer reach it, so moving a date back
 * brings its text back; a week once typed keeps its 'Week N' title as it stood then.
 */
function useWeekRows(
  series: SeriesDetail | null,
  form: Pick<UseFormReturn<SeriesFormValues, unknown, ParsedSeriesBody>, 'control' | 'register' | 'getValues'>,
) {
  const { control, register, getValues } = form;
  const { fields, replace } = useFieldArray({ control, name: 'weeks' });
  const drafts = useRef<WeekDrafts>(initialDrafts(series));
  const keepWeek = (i: number) => {
    const week = getValues(`weeks.${i}`);
    drafts.current[week.sundayDate] = { ...week };
  };
  const datesChanged = () => replace(weekRows(datesOf(getValues()), drafts.current));
  return {
    fields,
    weekField: (i: number, field: WeekField) => register(`weeks.${i}.${field}`, { onChange: () => keepWeek(i) }),
    dateField: (name: 'startSunday' | 'endSunday') =>
      register(name, { setValueAs: (v: string | null) => v || null, onChange: datesChanged }),
  };
}

/** Title, tagline and description, each with its message under it. */
function TextFields({ register, errors }: { register: UseFormRegister<SeriesFormValues>; errors: FieldErrors<SeriesFormValues> }) {
  return (
    <>
      <TextField
        id="series-title"
        label="Title"
        className="sm:col-span-2"
        maxLength={TITLE_MAX}
        required
        error={errors.title?.message}
        {...register('title')}
      />
      <TextField
        id="series-tagline"
        label="Tagline"
        className="sm:col-span-2"
        maxLength={TAGLINE_MAX}
        error={errors.tagline?.message}
        {...register('tagline')}
      />
      <div className="sm:col-span-2">
        <Label htmlFor="series-description">Description</Label>
        <Textarea
          id="series-description"
          rows={3}
          maxLength={DESCRIPTION_MAX}
          {...register('description')}
          {...describedBy('series-description', errors.description?.message)}
        />
        <FieldError id="series-description-error" message={errors.description?.message} />
      </div>
    </>
  );
}

/** A Sunday's date input; its message (not a Sunday, or the server's) under it. */
function DateField({ id, label, error, input }: { id: string; label: string; error?: string; input: UseFormRegisterReturn }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" {...input} {...describedBy(id, error)} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The theme colour as a picker and as text; the picker shows the default while the text is no colour. */
function ThemeColourField({ control }: { control: SeriesControl }) {
  return (
    <Controller
      control={control}
      name="themeColor"
      render={({ field, fieldState: { error } }) => (
        <div>
          <Label htmlFor="series-themeColor">Theme colour</Label>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label="Theme colour picker"
              className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
              value={THEME_COLOR_PATTERN.test(field.value) ? field.value.toLowerCase() : DEFAULT_THEME_COLOR}
              onChange={(e) => field.onChange(e.target.value)}
            />
            <Input
              id="series-themeColor"
              ref={field.ref}
              name={field.name}
              value={field.value}
              maxLength={7}
              spellCheck={false}
              onChange={(e) => field.onChange(e.target.value.trim())}
              onBlur={field.onBlur}
              {...describedBy('series-themeColor', error?.message)}
            />
          </div>
          <FieldError id="series-themeColor-error" message={error?.message} />
        </div>
      )}
    />
  );
}

/** The owner, from who may own a series; an owner no longer among them stays offered while chosen. */
function OwnerField({ control, series }: { control: SeriesControl; series: SeriesDetail | null }) {
  const owners = useQuery(seriesOwnersQuery);
  const ownerOptions = owners.data ?? [];
  return (
    <Controller
      control={control}
      name="ownerId"
      render={({ field, fieldState: { error } }) => {
        const keepsGoneOwner = series?.ownerId && series.ownerId === field.value && !ownerOptions.some((o) => o.id === series.ownerId);
        return (
          <div>
            <Label htmlFor="series-ownerId">Owner</Label>
            <select
              id="series-ownerId"
              ref={field.ref}
              name={field.name}
              className={SELECT}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value || null)}
              onBlur={field.onBlur}
              {...describedBy('series-ownerId', error?.message)}
            >
              <option value="">No owner</option>
              {keepsGoneOwner && <option value={series.ownerId!}>{series.ownerName ?? 'Current owner'}</option>}
              {ownerOptions.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.fullName}
                </option>
              ))}
            </select>
            <FieldError id="series-ownerId-error" message={error?.message} />
          </div>
        );
      }}
    />
  );
}
