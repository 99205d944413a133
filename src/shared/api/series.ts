import { z } from 'zod';
import { isIsoDate } from '../domain/calendar';
import { isSunday } from '../domain/dates';
import { SUNDAY_MESSAGES } from '../domain/planning';
import { DEFAULT_THEME_COLOR, MAX_SERIES_WEEKS, SERIES_BADGES, seriesSundays, THEME_COLOR_PATTERN } from '../domain/series';

/** API contract of sermon series (guide/sunday-planning.md#sermon-series; decision 0017). */
export const SERIES_MESSAGES = {
  title: 'Sermon Series',
  newSeries: 'New Series',
  empty: 'No series found',
  weeklyBreakdown: 'Weekly Breakdown',
  fetchFailed: 'Error fetching series',
  fetchOneFailed: 'Error fetching series data',
  saveFailed: 'Error saving series',
  weeksSaveFailed: 'Error saving series weeks',
  saved: 'Series saved successfully!',
  // Ours (the spec names no text for these).
  deleteFailed: 'Error deleting series',
  deleted: 'Series deleted',
  deleteConfirm: 'Delete this series and its weekly breakdown? This cannot be undone.',
  titleRequired: 'Title is required',
  notSunday: SUNDAY_MESSAGES.notSunday,
  invalidDate: 'Enter dates as YYYY-MM-DD.',
  startAfterEnd: 'The start Sunday must not be after the end Sunday.',
  tooManyWeeks: `A series can span at most ${MAX_SERIES_WEEKS} Sundays.`,
  badColor: 'Enter the theme colour as #rrggbb, for example #4f46e5.',
  badOwner: 'Choose an active admin, coordinator, creative or approver as owner.',
  weekOutOfRange: 'Each week must be a Sunday between the start and end Sundays.',
  duplicateWeek: 'Each Sunday can have only one week.',
  notFound: 'Series not found.',
  weeksWithoutDates: 'Set both the start and end Sundays to plan the weeks.',
  weekLocked: (dates: readonly string[]) =>
    `${dates.length === 1 ? `The Sunday ${dates[0]} is` : `The Sundays ${dates.join(', ')} are`} locked: only an admin can change ` +
    `${dates.length === 1 ? 'its week' : 'their weeks'}. Put ${dates.length === 1 ? 'it' : 'them'} back as before, or ask an admin.`,
} as const;

export const TITLE_MAX = 200;
export const TAGLINE_MAX = 300;
export const DESCRIPTION_MAX = 5000;
export const WEEK_TEXT_MAX = 2000;

export const seriesIdParams = z.object({ id: z.uuid(SERIES_MESSAGES.notFound) });

const sundayDate = z
  .string(SERIES_MESSAGES.invalidDate)
  .refine(isIsoDate, SERIES_MESSAGES.invalidDate)
  .refine((d) => isSunday(d), SERIES_MESSAGES.notSunday);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const seriesWeekBody = z.object({
  sundayDate,
  weekTitle: z.string().trim().max(TITLE_MAX).default(''),
  scripture: z.string().trim().max(WEEK_TEXT_MAX).default(''),
  blurb: z.string().trim().max(WEEK_TEXT_MAX).default(''),
});

/**
 * Create or update a series with its weeks in one call (one transaction). The weeks are the
 * Weekly Breakdown as edited; the server applies the same rule again, so weeks left out keep what
 * is stored for their Sunday and Sundays with no week get 'Week N'.
 */
export const seriesBody = z
  .object({
    title: z.string(SERIES_MESSAGES.titleRequired).trim().min(1, SERIES_MESSAGES.titleRequired).max(TITLE_MAX),
    tagline: optionalText(TAGLINE_MAX),
    description: optionalText(DESCRIPTION_MAX),
    startSunday: sundayDate.nullish(),
    endSunday: sundayDate.nullish(),
    themeColor: z.string().regex(THEME_COLOR_PATTERN, SERIES_MESSAGES.badColor).default(DEFAULT_THEME_COLOR),
    ownerId: z.uuid(SERIES_MESSAGES.badOwner).nullish(),
    weeks: z.array(seriesWeekBody).max(MAX_SERIES_WEEKS, SERIES_MESSAGES.tooManyWeeks).default([]),
  })
  .superRefine((body, ctx) => {
    const start = body.startSunday ?? null;
    const end = body.endSunday ?? null;
    if (start && end && start > end) {
      ctx.addIssue({ code: 'custom', path: ['endSunday'], message: SERIES_MESSAGES.startAfterEnd });
      return;
    }
    const sundays = seriesSundays({ startSunday: start, endSunday: end });
    if (sundays.length > MAX_SERIES_WEEKS) ctx.addIssue({ code: 'custom', path: ['endSunday'], message: SERIES_MESSAGES.tooManyWeeks });
    const inRange = new Set(sundays);
    const seen = new Set<string>();
    body.weeks.forEach((w, i) => {
      if (!inRange.has(w.sundayDate)) {
        const message = start && end ? SERIES_MESSAGES.weekOutOfRange : SERIES_MESSAGES.weeksWithoutDates;
        ctx.addIssue({ code: 'custom', path: ['weeks', i, 'sundayDate'], message });
      } else if (seen.has(w.sundayDate)) {
        ctx.addIssue({ code: 'custom', path: ['weeks', i, 'sundayDate'], message: SERIES_MESSAGES.duplicateWeek });
      }
      seen.add(w.sundayDate);
    });
  });
export type SeriesBody = z.input<typeof seriesBody>;

export const seriesWeekSchema = z.object({
  id: z.string(),
  sundayDate: z.string(),
  weekTitle: z.string(),
  scripture: z.string().nullable(),
  blurb: z.string().nullable(),
});
export type SeriesWeek = z.infer<typeof seriesWeekSchema>;

const seriesFields = {
  id: z.string(),
  title: z.string(),
  tagline: z.string().nullable(),
  startSunday: z.string().nullable(),
  endSunday: z.string().nullable(),
  themeColor: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** Upcoming, Active or Past for today in the church's time zone (guide/sunday-planning.md#sermon-series). */
  badge: z.enum(SERIES_BADGES),
};

export const seriesSummarySchema = z.object({ ...seriesFields, weekCount: z.number().int() });
export type SeriesSummary = z.infer<typeof seriesSummarySchema>;
export const seriesListResponse = z.object({ items: z.array(seriesSummarySchema) });
export type SeriesList = z.infer<typeof seriesListResponse>;

export const seriesDetailSchema = z.object({
  ...seriesFields,
  description: z.string().nullable(),
  /** The weeks in date order. */
  weeks: z.array(seriesWeekSchema),
});
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;

/** Who may own a series: active admins, coordinators, creatives and approvers (guide/sunday-planning.md#sermon-series). */
export const seriesOwnerSchema = z.object({ id: z.string(), fullName: z.string(), role: z.string() });
export type SeriesOwner = z.infer<typeof seriesOwnerSchema>;
export const seriesOwnersResponse = z.object({ items: z.array(seriesOwnerSchema) });

/** Which toast a refused save shows: the weeks' own, when the refusal names a week (decision 0017). */
export function seriesSaveFailureTitle(fields: Record<string, string> | undefined): string {
  return Object.keys(fields ?? {}).some((k) => k.startsWith('weeks')) ? SERIES_MESSAGES.weeksSaveFailed : SERIES_MESSAGES.saveFailed;
}
