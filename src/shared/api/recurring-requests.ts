import { z } from 'zod';
import { CADENCES } from '../domain/recurrence';

/** API contract of recurring requests (guide/requests.md#recurring-requests; decision 0063). */

/** How many series a person keeps (active, paused or ended): their list stays one read. */
export const SERIES_LIMIT = 20;

export const RECURRING_MESSAGES = {
  templateNotFound: 'Choose one of your templates or the church’s.',
  firstDateRequired: 'Choose the first event date.',
  firstDatePast: 'The first event date cannot be in the past.',
  untilBeforeFirst: 'The last date cannot be before the first.',
  daysAhead: 'Create each request 1 to 180 days before its event.',
  tooFewDaysAhead: (days: number) => `Create each request at least ${days} days before its event: the church needs that much notice.`,
  notYours: 'That recurring request does not exist.',
  ended: 'This recurring request has ended.',
  limit: `You can keep ${SERIES_LIMIT} recurring requests: end and delete one first.`,
  saved: 'Recurring request started',
  paused: 'Recurring request paused',
  resumed: 'Recurring request resumed',
  endedToast: 'Recurring request ended',
  endConfirm: (name: string) => `End '${name}'? No more requests are made from it; the requests already made stay as they are.`,
} as const;

const M = RECURRING_MESSAGES;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, M.firstDateRequired);

const recurringFields = z.object({
  templateId: z.uuid({ message: M.templateNotFound }),
  cadence: z.enum(CADENCES),
  firstDate: isoDate,
  untilDate: isoDate.nullish().transform((v) => v ?? null),
  daysAhead: z.number({ message: M.daysAhead }).int(M.daysAhead).min(1, M.daysAhead).max(180, M.daysAhead),
  planningCenterAdded: z.boolean().default(false),
});
/** The last date, when given, is not before the first. */
const untilNotBeforeFirst = (b: { firstDate: string; untilDate: string | null }) => !b.untilDate || b.untilDate >= b.firstDate;
const untilError = { path: ['untilDate'], message: M.untilBeforeFirst };
export const recurringBody = recurringFields.refine(untilNotBeforeFirst, untilError);
/** The Repeat form's fields: the body but the template, which the form is opened on. */
export const repeatFormBody = recurringFields.omit({ templateId: true }).refine(untilNotBeforeFirst, untilError);
export type RepeatFormInput = z.input<typeof repeatFormBody>;
export type RepeatFormBody = z.output<typeof repeatFormBody>;
export type RecurringBody = z.input<typeof recurringBody>;

export const recurringParams = z.object({ id: z.uuid() });

export const recurringSeries = z.object({
  id: z.string(),
  name: z.string(),
  cadence: z.enum(CADENCES),
  firstDate: z.string(),
  untilDate: z.string().nullable(),
  daysAhead: z.number().int(),
  status: z.enum(['active', 'paused', 'ended']),
  /** The next event date an occurrence will be made for, while active. */
  nextDate: z.string().nullable(),
  /** The requests made so far, latest first (at most the last five). */
  recent: z.array(z.object({ occurrenceDate: z.string(), requestId: z.string().nullable(), failure: z.string().nullable() })),
});
export type RecurringSeries = z.infer<typeof recurringSeries>;

export const recurringListResponse = z.object({ items: z.array(recurringSeries) });
export type RecurringList = z.infer<typeof recurringListResponse>;
export const recurringSaved = z.object({ id: z.string() });
