import type { SeriesBody, SeriesDetail } from '@shared/api/series';
import { DEFAULT_THEME_COLOR, seriesWeeks, type SeriesDates, type SeriesWeekDraft } from '@shared/domain/series';

/** The series form's fields as typed ('' for nothing chosen). */
export interface SeriesFormValues {
  title: string;
  tagline: string;
  description: string;
  startSunday: string;
  endSunday: string;
  themeColor: string;
  ownerId: string;
}

/** Every week typed or loaded, by Sunday: kept while dates change, so moving a date back brings its text back. */
export type WeekDrafts = Record<string, SeriesWeekDraft>;

export function initialValues(series: SeriesDetail | null): SeriesFormValues {
  return {
    title: series?.title ?? '',
    tagline: series?.tagline ?? '',
    description: series?.description ?? '',
    startSunday: series?.startSunday ?? '',
    endSunday: series?.endSunday ?? '',
    themeColor: series?.themeColor ?? DEFAULT_THEME_COLOR,
    ownerId: series?.ownerId ?? '',
  };
}

export function initialDrafts(series: SeriesDetail | null): WeekDrafts {
  return Object.fromEntries(
    (series?.weeks ?? []).map((w) => [
      w.sundayDate,
      { sundayDate: w.sundayDate, weekTitle: w.weekTitle, scripture: w.scripture ?? '', blurb: w.blurb ?? '' },
    ]),
  );
}

export const datesOf = (values: SeriesFormValues): SeriesDates => ({
  startSunday: values.startSunday || null,
  endSunday: values.endSunday || null,
});

/** The body the API takes: the Weekly Breakdown the rule gives for the dates, with what was typed per week. */
export function toBody(values: SeriesFormValues, drafts: WeekDrafts): SeriesBody {
  return {
    title: values.title,
    tagline: values.tagline,
    description: values.description,
    ...datesOf(values),
    themeColor: values.themeColor,
    ownerId: values.ownerId || null,
    weeks: seriesWeeks(datesOf(values), Object.values(drafts)),
  };
}
