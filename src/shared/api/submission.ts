import { z } from 'zod';
import { CONFIG_MESSAGES, DEMO_CHANNELS, DEMO_CHURCH, DEMO_TIERS, offered, type ChurchConfig } from '../domain/church-config';
import { SHORT_DESCRIPTION_MAX } from '../domain/constants';

/**
 * The new-request submission (guide/requests.md#submission-rules): ONE schema for the form
 * (react-hook-form + zodResolver) and the server body. The form works with strings ('' = empty);
 * the parsed output has nulls, an integer attendance and the additional channels as a list.
 */
export const SUBMISSION_MESSAGES = {
  title: 'Title is required.',
  ministry: 'Ministry is required.',
  promotionStart: 'Promotion start date is required.',
  eventStart: 'Event start date is required.',
  shortDescription: 'Short description is required.',
  shortDescriptionMax: `Short description must be ${SHORT_DESCRIPTION_MAX} characters or fewer.`,
  tier: 'Communication tier is required.',
  planningCenter: 'Please confirm Planning Center status.',
  otherChannel: 'Please specify the other channel.',
  attendance: 'Expected attendance must be a whole number.',
  date: 'Enter a valid date.',
  time: 'Enter a valid time.',
  email: 'Enter a valid e-mail address.',
  requesterName: 'Requester name is required.',
  channelNotInTier: 'A channel that is not included in the chosen tier was listed as included.',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const isRealDate = (v: string) =>
  ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** Optional free text: trimmed, '' becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const requiredText = (message: string, max = 500) => z.string({ error: message }).trim().min(1, message).max(max);

const requiredDate = (message: string) => z.string({ error: message }).trim().min(1, message).refine(isRealDate, SUBMISSION_MESSAGES.date);

const optionalDate = z
  .string()
  .trim()
  .nullish()
  .refine((v) => !v || isRealDate(v), SUBMISSION_MESSAGES.date)
  .transform((v) => (v ? v : null));

const optionalTime = z
  .string()
  .trim()
  .nullish()
  .refine((v) => !v || TIME.test(v), SUBMISSION_MESSAGES.time)
  .transform((v) => (v ? v : null));

/** "Expected attendance is converted to an integer" (guide/requests.md#submission-rules). */
const attendance = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isFinite(n) || n < 0 || n > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: SUBMISSION_MESSAGES.attendance });
      return z.NEVER;
    }
    return Math.trunc(n);
  });

export const DESIGN_DIRECTIONS = ['template', 'reference', 'freedom'] as const;
export type DesignDirection = (typeof DESIGN_DIRECTIONS)[number];

function fieldsValid(fields: string[]) {
  return (payload: { issues: ReadonlyArray<{ path?: PropertyKey[] }> }) =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

/** What of the church's configuration the submission's rules read (decision 0056). */
export type SubmissionConfig = Pick<ChurchConfig, 'tiers' | 'channels'> & {
  church: Pick<ChurchConfig['church'], 'calendarQuestion'>;
};

/** The demo church's configuration: the rules as they were built in. */
export const DEMO_SUBMISSION_CONFIG: SubmissionConfig = { tiers: DEMO_TIERS, channels: DEMO_CHANNELS, church: DEMO_CHURCH };

/**
 * The submission's schema under a church's configuration: only offered (not archived) tiers and
 * channels, the included channels within the tier's, and the calendar answer required only while
 * the form asks the question.
 */
export function submissionSchemaFor(config: SubmissionConfig) {
  const tierCodes = offered(config.tiers).map((t) => t.code);
  const channelCodes = offered(config.channels).map((c) => c.code);
  const channelsOf = (tier: string) => config.tiers.find((t) => t.code === tier)?.channels ?? [];
  const channel = z.string().refine((c) => channelCodes.includes(c), CONFIG_MESSAGES.unknownChannelChosen);
  return (
    z
      .object({
        requesterName: optionalText(200),
        requesterEmail: z
          .string()
          .trim()
          .nullish()
          .refine((v) => !v || z.email().safeParse(v).success, SUBMISSION_MESSAGES.email)
          .transform((v) => (v ? v : null)),
        eventTitle: requiredText(SUBMISSION_MESSAGES.title, 200),
        ministryId: z
          .string({ error: SUBMISSION_MESSAGES.ministry })
          .trim()
          .pipe(z.uuid({ error: SUBMISSION_MESSAGES.ministry })),
        promotionStartDate: requiredDate(SUBMISSION_MESSAGES.promotionStart),
        eventStartDate: requiredDate(SUBMISSION_MESSAGES.eventStart),
        eventEndDate: optionalDate,
        startTime: optionalTime,
        endTime: optionalTime,
        location: optionalText(300),
        expectedAttendance: attendance,
        descriptionShort: z
          .string({ error: SUBMISSION_MESSAGES.shortDescription })
          .trim()
          .min(1, SUBMISSION_MESSAGES.shortDescription)
          .max(SHORT_DESCRIPTION_MAX, SUBMISSION_MESSAGES.shortDescriptionMax),
        descriptionLong: optionalText(10_000),
        targetAudience: optionalText(1_000),
        tier: z.string({ error: SUBMISSION_MESSAGES.tier }).refine((v) => tierCodes.includes(v), SUBMISSION_MESSAGES.tier),
        includedChannels: z.array(channel).max(channelCodes.length).default([]),
        additionalChannels: z
          .record(z.string(), z.boolean())
          .default({})
          .refine((map) => Object.keys(map).every((c) => map[c] !== true || channelCodes.includes(c)), CONFIG_MESSAGES.unknownChannelChosen)
          .transform((map) => channelCodes.filter((c) => map[c] === true)),
        otherChannelText: optionalText(300),
        infoLink: optionalText(1_000),
        websiteDescription: optionalText(5_000),
        registrationLink: optionalText(1_000),
        planningCenterAdded: z
          .boolean()
          .nullish()
          .refine((v) => !config.church.calendarQuestion || v === true || v === false, SUBMISSION_MESSAGES.planningCenter)
          .transform((v) => v === true),
        planningCenterLink: optionalText(1_000),
        designDirection: z.enum(DESIGN_DIRECTIONS).default('template'),
        designNotes: optionalText(5_000),
        duplicateOf: z
          .uuid()
          .nullish()
          .transform((v) => v ?? null),
      })
      // Each cross-field rule runs as soon as the fields it reads are valid, even if others are not,
      // so the form shows e.g. the Other channel's error while the title is still empty.
      .refine((v) => !v.additionalChannels.includes('other') || !!v.otherChannelText, {
        path: ['otherChannelText'],
        message: SUBMISSION_MESSAGES.otherChannel,
        when: fieldsValid(['additionalChannels', 'otherChannelText']),
      })
      .refine((v) => !v.requesterEmail || !!v.requesterName, {
        path: ['requesterName'],
        message: SUBMISSION_MESSAGES.requesterName,
        when: fieldsValid(['requesterName', 'requesterEmail']),
      })
      .refine((v) => v.includedChannels.every((c) => channelsOf(v.tier).includes(c)), {
        path: ['includedChannels'],
        message: SUBMISSION_MESSAGES.channelNotInTier,
        when: fieldsValid(['tier', 'includedChannels']),
      })
  );
}

/** The schema under the demo church's configuration. */
export const submissionSchema = submissionSchemaFor(DEMO_SUBMISSION_CONFIG);

export type SubmissionSchema = ReturnType<typeof submissionSchemaFor>;
/** What the form holds (strings, '' for empty). */
export type SubmissionInput = z.input<typeof submissionSchema>;
/** What the server works with after parsing. */
export type Submission = z.output<typeof submissionSchema>;

/** The order of the form's fields, for "the first error" (guide/requests.md#submission-rules). */
export const SUBMISSION_FIELD_ORDER = [
  'requesterName',
  'requesterEmail',
  'eventTitle',
  'ministryId',
  'promotionStartDate',
  'eventStartDate',
  'eventEndDate',
  'startTime',
  'endTime',
  'location',
  'expectedAttendance',
  'descriptionShort',
  'descriptionLong',
  'targetAudience',
  'tier',
  'includedChannels',
  'additionalChannels',
  'otherChannelText',
  'infoLink',
  'websiteDescription',
  'registrationLink',
  'planningCenterAdded',
  'planningCenterLink',
  'designDirection',
  'designNotes',
] as const;

/** Field errors of a parse, one message per field, in form order. */
export function submissionErrors(input: unknown, schema: SubmissionSchema = submissionSchema): Array<{ field: string; message: string }> {
  const result = schema.safeParse(input);
  if (result.success) return [];
  const byField = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'request');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  const order = SUBMISSION_FIELD_ORDER as readonly string[];
  return [...byField.entries()]
    .sort(([a], [b]) => (order.indexOf(a) + 1 || 999) - (order.indexOf(b) + 1 || 999))
    .map(([field, message]) => ({ field, message }));
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const submissionResponse = z.object({ id: z.string() });
export type SubmissionResponse = z.infer<typeof submissionResponse>;

/** What duplicating a request copies (guide/requests.md#submission-rules): text fields and extra items, no dates. */
export const duplicateSourceResponse = z.object({
  id: z.string(),
  /** Shown in the 'Duplicating Request' banner only. */
  sourceTitle: z.string(),
  sourceEventStartDate: z.string().nullable(),
  values: z.object({
    eventTitle: z.string(),
    ministryId: z.string(),
    location: z.string(),
    descriptionShort: z.string(),
    descriptionLong: z.string(),
    targetAudience: z.string(),
    tier: z.string(),
    additionalChannels: z.record(z.string(), z.boolean()),
    otherChannelText: z.string(),
    infoLink: z.string(),
    websiteDescription: z.string(),
    registrationLink: z.string(),
    designDirection: z.enum(DESIGN_DIRECTIONS),
    designNotes: z.string(),
  }),
});
export type DuplicateSource = z.infer<typeof duplicateSourceResponse>;
export const requestIdParams = z.object({ id: z.uuid() });
