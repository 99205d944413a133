import type { SeriesBody, SeriesDetail } from '@shared/api/series';
import {
  DEFAULT_THEME_COLOR,
  defaultWeekTitle,
  seriesSundays,
  seriesWeeks,
  type SeriesDates,
  type SeriesWeekDraft,
} from '@shared/domain/series';

/**
 * The series form's fields as the API's body takes them (null for no date or owner); `weeks` are
 * the rows of the Weekly Breakdown on screen, one per Sunday of the dates, as typed.
 */
export interface SeriesFormValues {
  title: string;
  tagline: string;
  description: string;
  startSunday: string | null;
  endSunday: string | null;
  themeColor: string;
  ownerId: string | null;
  weeks: SeriesWeekDraft[];
}

/** Every week typed or loaded, by Sunday: kept while dates change, so moving a date back brings its text back. */
export type WeekDrafts = Record<string, SeriesWeekDraft>;

export function initialDrafts(series: SeriesDetail | null): WeekDrafts {
  return Object.fromEntries(
    (series?.weeks ?? []).map((w) => [
      w.sundayDate,
      { sundayDate: w.sundayDate, weekTitle: w.weekTitle, scripture: w.scripture ?? '', blurb: w.blurb ?? '' },
    ]),
  );
}

export const datesOf = (values: Pick<SeriesBody, 'startSunday' | 'endSunday'>): SeriesDates => ({
  startSunday: values.startSunday || null,
  endSunday: values.endSunday || null,
});

/** The rows of the Weekly Breakdown for the dates: each Sunday's week as written, else blank under its 'Week N'. */
export function weekRows(dates: SeriesDates, drafts: WeekDrafts): SeriesWeekDraft[] {
  return seriesSundays(dates).map(
    (sundayDate, i) => drafts[sundayDate] ?? { sundayDate, weekTitle: defaultWeekTitle(i + 1), scripture: '', blurb: '' },
  );
}

export function initialValues(series: SeriesDetail | null): SeriesFormValues {
  const dates = { startSunday: series?.startSunday ?? null, endSunday: series?.endSunday ?? null };
  return {
    title: series?.title ?? '',
    tagline: series?.tagline ?? '',
    description: series?.description ?? '',
    ...dates,
    themeColor: series?.themeColor ?? DEFAULT_THEME_COLOR,
    ownerId: series?.ownerId ?? null,
    weeks: weekRows(dates, initialDrafts(series)),
  };
}

/** The body the API takes: the Weekly Breakdown the rule gives for the dates, a blank title its 'Week N'. */
export function toBody(values: SeriesBody & { weeks: SeriesWeekDraft[] }): SeriesBody {
  return { ...values, ...datesOf(values), weeks: seriesWeeks(datesOf(values), values.weeks) };
}
