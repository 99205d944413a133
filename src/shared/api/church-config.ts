import { z } from 'zod';
import { CAPACITY_UNITS } from '../domain/capacity';

/** The church's configuration as the API sends it (decision 0056): the public read and every admin change answer with it. */
export const tierConfigSchema = z.object({
  code: z.string(),
  name: z.string(),
  examples: z.string(),
  description: z.string(),
  leadTimeDays: z.number().int(),
  leadTimeLabel: z.string().nullable(),
  channels: z.array(z.string()),
  extrasPreapproved: z.boolean(),
  position: z.number().int(),
  archived: z.boolean(),
});

export const channelConfigSchema = z.object({
  code: z.string(),
  label: z.string(),
  needsApproval: z.boolean(),
  goesToCms: z.boolean(),
  capacityPer: z.enum(CAPACITY_UNITS),
  capacity: z.number().int().nullable(),
  runWeeks: z.number().int().nullable(),
  leadTimeDays: z.number().int(),
  position: z.number().int(),
  archived: z.boolean(),
});

const churchFields = {
  churchName: z.string().trim().max(200),
  timeZone: z.string().trim().max(100).nullable(),
  contactEmail: z.string().trim().max(320).nullable(),
  calendarQuestion: z.boolean(),
  calendarName: z.string().trim().max(100),
  calendarRequired: z.boolean(),
  promotionMinDays: z.number(),
};

/** Nudge settings (decision 0066): a change may leave them out, and they stay as they were. */
const nudgeFields = {
  proofNudgeDays: z.number().optional(),
  nudgeEscalateDays: z.number().optional(),
  stageStuckDays: z.number().optional(),
};

export const churchConfigResponse = z.object({
  church: z.object({
    ...churchFields,
    promotionMinDays: z.number().int(),
    proofNudgeDays: z.number().int(),
    nudgeEscalateDays: z.number().int(),
    stageStuckDays: z.number().int(),
    effectiveTimeZone: z.string(),
  }),
  tiers: z.array(tierConfigSchema),
  channels: z.array(channelConfigSchema),
});
export type ChurchConfigResponse = z.infer<typeof churchConfigResponse>;

/** '' reads as none for the optional texts. */
const orNull = (v: string | null) => (v ? v : null);

export const churchSettingsBody = z.object({
  ...churchFields,
  ...nudgeFields,
  timeZone: churchFields.timeZone.transform(orNull),
  contactEmail: churchFields.contactEmail.transform(orNull),
});
export type ChurchSettingsBody = z.input<typeof churchSettingsBody>;

const tierFields = {
  name: z.string().trim().max(100),
  examples: z.string().trim().max(200).default(''),
  description: z.string().trim().max(1000).default(''),
  leadTimeDays: z.number(),
  leadTimeLabel: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => (v ? v : null)),
  channels: z.array(z.string().max(40)).max(200).default([]),
  extrasPreapproved: z.boolean().default(false),
  archived: z.boolean().default(false),
};
export const tierCreateBody = z.object({ code: z.string().trim().max(40), ...tierFields });
export const tierUpdateBody = z.object(tierFields);
export type TierUpdateBody = z.input<typeof tierUpdateBody>;
export type TierCreateBody = z.input<typeof tierCreateBody>;

const channelFields = {
  label: z.string().trim().max(100),
  needsApproval: z.boolean().default(false),
  goesToCms: z.boolean().default(false),
  archived: z.boolean().default(false),
  // Checked by channelErrors with the form's words; an older client that sends none keeps the defaults.
  capacityPer: z.string().max(10).default('week'),
  capacity: z.number().nullable().default(null),
  runWeeks: z.number().nullable().default(1),
  leadTimeDays: z.number().default(0),
};
export const channelCreateBody = z.object({ code: z.string().trim().max(40), ...channelFields });
export const channelUpdateBody = z.object(channelFields);
export type ChannelUpdateBody = z.input<typeof channelUpdateBody>;
export type ChannelCreateBody = z.input<typeof channelCreateBody>;

export const codeParams = z.object({ code: z.string().max(40) });
export const orderBody = z.object({ codes: z.array(z.string().max(40)).max(500) });
export type OrderBody = z.infer<typeof orderBody>;
