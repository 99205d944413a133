import { CHANNEL_LABELS, CMS_CHANNELS, RESTRICTED_CHANNELS } from './channels';
import { TIER_DEFINITIONS } from './tiers';
import { addDaysIso } from './dates';
import { DEFAULT_NUDGE_SETTINGS, NUDGE_MAX_DAYS, type NudgeSettings } from './nudge-settings';
import type { ChannelRule } from './capacity';

/**
 * The church's configuration, as data (decision 0056): its tiers, its channels and its own settings
 * (name, time zone, contact e-mail, the calendar question, the minimum notice for a promotion).
 * Stored in the tiers, channels and church_settings tables; these are the types, the defaults and
 * the pure rules that read them, shared by the server and the web.
 */
export interface TierConfig {
  code: string;
  name: string;
  examples: string;
  description: string;
  /** The lead time in whole days (0 = none); recorded on each request submitted with the tier. */
  leadTimeDays: number;
  /** How the lead time reads ("4-6 weeks"); null shows it from the days. */
  leadTimeLabel: string | null;
  /** The channels the tier includes, in the order they are offered. */
  channels: string[];
  /** Additional channels (outside the tier) need no approval unless the channel always needs it. */
  extrasPreapproved: boolean;
  position: number;
  archived: boolean;
}

export interface ChannelConfig extends ChannelRule {
  code: string;
  label: string;
  /** An additional request for this channel always needs approval, whatever the tier. */
  needsApproval: boolean;
  /** Items of this channel go through the CMS queue once approved (recorded on each item at creation). */
  goesToCms: boolean;
  position: number;
  archived: boolean;
}

export interface ChurchSettings {
  churchName: string;
  /** The stored time zone; null follows CHURCH_TIME_ZONE. */
  timeZone: string | null;
  contactEmail: string | null;
  /** Whether the new-request form asks "Is this event on the {calendar} calendar?". */
  calendarQuestion: boolean;
  calendarName: string;
  /** Whether a No (or no answer) blocks submitting; only while the question is asked. */
  calendarRequired: boolean;
  /** The earliest promotion start, in days from today. */
  promotionMinDays: number;
  /** When stalled work nudges its people (guide/notifications-and-email.md#nudges), in days. */
  proofNudgeDays: number;
  nudgeEscalateDays: number;
  stageStuckDays: number;
}

export interface ChurchConfig {
  church: ChurchSettings & { /** The time zone in effect: the stored one, or CHURCH_TIME_ZONE. */ effectiveTimeZone: string };
  /** Every tier, archived ones too, in their order. */
  tiers: TierConfig[];
  /** Every channel, archived ones too, in their order. */
  channels: ChannelConfig[];
}

// ---------------------------------------------------------------- defaults

/** Channels whose labels name one church's ministry: a new church does not get them. */
const DEMO_ONLY_CHANNELS = ['landing_slide', 'landing_social_media'];
/** Tiers of one church's own ministry: a new church does not get them. */
const DEMO_ONLY_TIERS = ['L1', 'L2'];
const LEAD_DAYS: Record<string, number> = { A: 28, B: 21, C: 14, L1: 21, L2: 14, D: 0 };

/**
 * The channels' capacity and run rules (decision 0067): the slide decks and the stage announcement
 * run on Sundays, the rest by the week; a Sunday holds 4 slides of each deck and 1 stage
 * announcement, a week 1 e-mail feature and 6 social posts; the others are unlimited. A slide deck
 * runs the last 3 Sundays before the event, a stage announcement and one-off pieces (an e-mail
 * feature, a push notification, a video...) the last week or Sunday, web pages and stories every week.
 */
const RUN_RULES: Record<string, Pick<ChannelRule, 'capacityPer' | 'capacity' | 'runWeeks'>> = {
  stage_announcement: { capacityPer: 'sunday', capacity: 1, runWeeks: 1 },
  landing_slide: { capacityPer: 'sunday', capacity: 4, runWeeks: 3 },
  sunday_slide: { capacityPer: 'sunday', capacity: 4, runWeeks: 3 },
  social_media_posts: { capacityPer: 'week', capacity: 6, runWeeks: null },
  social_media_story: { capacityPer: 'week', capacity: null, runWeeks: null },
  website_feature_page: { capacityPer: 'week', capacity: null, runWeeks: null },
  website_event_page: { capacityPer: 'week', capacity: null, runWeeks: null },
  website_calendar_listing: { capacityPer: 'week', capacity: null, runWeeks: null },
  landing_social_media: { capacityPer: 'week', capacity: null, runWeeks: null },
  email_feature: { capacityPer: 'week', capacity: 1, runWeeks: 1 },
};
const ONE_WEEK: Pick<ChannelRule, 'capacityPer' | 'capacity' | 'runWeeks'> = { capacityPer: 'week', capacity: null, runWeeks: 1 };
/** The notice a channel no tier includes needs: the default minimum notice of a promotion. */
const EXTRA_LEAD_DAYS = 14;

/**
 * A channel's default lead time, from the tiers' lead times the guide lists (decision 0067): the
 * shortest lead time of the tiers that include it (a channel tier C includes needs C's 14 days), the
 * minimum notice for one no tier includes. One rule then reads it: an item is due its channel's lead
 * time before its first run.
 */
function defaultLeadDays(code: string): number {
  const leads = Object.values(TIER_DEFINITIONS)
    .filter((t) => (t.channels as readonly string[]).includes(code))
    .map((t) => LEAD_DAYS[t.tier]);
  return leads.length > 0 ? Math.min(...leads) : EXTRA_LEAD_DAYS;
}

/** The demo church's channels: exactly the channels, labels and rules the app had built in. */
export const DEMO_CHANNELS: ChannelConfig[] = Object.entries(CHANNEL_LABELS).map(([code, label], position) => ({
  code,
  label,
  needsApproval: (RESTRICTED_CHANNELS as readonly string[]).includes(code),
  goesToCms: (CMS_CHANNELS as readonly string[]).includes(code),
  ...(RUN_RULES[code] ?? ONE_WEEK),
  leadTimeDays: defaultLeadDays(code),
  position,
  archived: false,
}));

/** The demo church's tiers A, B, C, L1, L2 and D with their words, channels and lead times. */
export const DEMO_TIERS: TierConfig[] = Object.values(TIER_DEFINITIONS).map((t, position) => ({
  code: t.tier,
  name: t.title,
  examples: t.examples,
  description: t.description,
  leadTimeDays: LEAD_DAYS[t.tier],
  leadTimeLabel: t.leadTime,
  channels: [...t.channels],
  extrasPreapproved: t.tier === 'A',
  position,
  archived: false,
}));

export const DEMO_CHURCH: ChurchSettings = {
  churchName: 'Lampstand Demo Church',
  timeZone: null,
  contactEmail: 'communications@example.org',
  calendarQuestion: true,
  calendarName: 'Planning Center',
  calendarRequired: true,
  promotionMinDays: 14,
  ...DEFAULT_NUDGE_SETTINGS,
};

/** Tier descriptions that name the demo church's own ministry, in general words. */
const GENERAL_DESCRIPTIONS: Record<string, string> = {
  A: 'Stage announcement (with approval), 3-week slide deck, website feature page, Facebook event, 3 Instagram posts plus stories, email feature, push notification, print posters and a registration page.',
  B: '2-week slide deck, website event page, Facebook event, Instagram story plus 1-2 posts and an email mention.',
};

/** A new church's channels: the demo's without the ones named after its own ministry. */
export const GENERAL_CHANNELS: ChannelConfig[] = DEMO_CHANNELS.filter((c) => !DEMO_ONLY_CHANNELS.includes(c.code)).map((c, position) => ({
  ...c,
  position,
}));

/** A new church's tiers: A, B, C and D with their channels and rules, in general words. */
export const GENERAL_TIERS: TierConfig[] = DEMO_TIERS.filter((t) => !DEMO_ONLY_TIERS.includes(t.code)).map((t, position) => ({
  ...t,
  channels: t.channels.filter((c) => !DEMO_ONLY_CHANNELS.includes(c)),
  description: GENERAL_DESCRIPTIONS[t.code] ?? t.description,
  position,
}));

export const GENERAL_CHURCH: ChurchSettings = {
  churchName: '',
  timeZone: null,
  contactEmail: null,
  calendarQuestion: true,
  calendarName: 'Planning Center',
  calendarRequired: true,
  promotionMinDays: 14,
  ...DEFAULT_NUDGE_SETTINGS,
};

// ---------------------------------------------------------------- rules

export const CODE_PATTERN = /^[A-Za-z0-9_]{1,32}$/;
export const CONFIG_MAX = {
  name: 100,
  examples: 200,
  description: 1000,
  leadTimeLabel: 50,
  leadTimeDays: 365,
  promotionMinDays: 365,
  capacity: 1000,
  runWeeks: 52,
} as const;

export const CONFIG_MESSAGES = {
  code: 'A code is 1 to 32 letters, digits or underscores.',
  duplicateCode: 'That code is already used.',
  name: 'A name is required.',
  label: 'A label is required.',
  leadTimeDays: `Lead time is a whole number of days from 0 to ${CONFIG_MAX.leadTimeDays}.`,
  capacity: `Capacity is a whole number from 1 to ${CONFIG_MAX.capacity}, or none for unlimited.`,
  runWeeks: `Runs is a whole number from 1 to ${CONFIG_MAX.runWeeks}, or every one of the promotion.`,
  capacityPer: 'Choose per Sunday or per week.',
  promotionMinDays: `Minimum notice is a whole number of days from 0 to ${CONFIG_MAX.promotionMinDays}.`,
  nudgeDays: `A number of days from 1 to ${NUDGE_MAX_DAYS}.`,
  unknownChannel: 'A tier can include only configured channels.',
  timeZone: 'Choose a valid time zone, e.g. America/New_York.',
  email: 'Enter a valid e-mail address.',
  calendarName: 'The calendar needs a name while the question is asked.',
  order: 'The order must list every code once.',
  notFound: 'Not found.',
  unknownTier: 'Choose a communication tier that is offered.',
  unknownChannelChosen: 'A chosen channel is not offered.',
} as const;

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone.length > 0;
  } catch {
    return false;
  }
}

export const offered = <T extends { archived: boolean }>(rows: readonly T[]) => rows.filter((r) => !r.archived);

export function findTier(config: Pick<ChurchConfig, 'tiers'>, code: string | null | undefined): TierConfig | undefined {
  return code ? config.tiers.find((t) => t.code === code) : undefined;
}

export function findChannel(config: Pick<ChurchConfig, 'channels'>, code: string): ChannelConfig | undefined {
  return config.channels.find((c) => c.code === code);
}

/** A channel's label, or its code for a channel the configuration does not know. */
export function configChannelLabel(config: Pick<ChurchConfig, 'channels'> | undefined, code: string): string {
  return config?.channels.find((c) => c.code === code)?.label ?? code;
}

/** A tier's name ("Tier A"), or its code for one the configuration does not know. */
export function configTierName(config: Pick<ChurchConfig, 'tiers'> | undefined, code: string | null | undefined): string {
  if (!code) return '';
  return config?.tiers.find((t) => t.code === code)?.name ?? code;
}

/** How a lead time reads: the tier's own words, else "No lead time", "N weeks" or "N days". */
export function leadTimeText(tier: Pick<TierConfig, 'leadTimeDays' | 'leadTimeLabel'>): string {
  if (tier.leadTimeLabel) return tier.leadTimeLabel;
  return daysText(tier.leadTimeDays, 'No lead time');
}

function daysText(days: number, none: string): string {
  if (days <= 0) return none;
  if (days % 7 === 0) return days === 7 ? '1 week' : `${days / 7} weeks`;
  return days === 1 ? '1 day' : `${days} days`;
}

/** The lead-time message of the form and the server: "Promotion must start at least 2 weeks from today." */
export function promotionNoticeMessage(days: number): string {
  return `Promotion must start at least ${daysText(days, '0 days')} from today.`;
}

export function earliestStart(today: string, days: number): string {
  return addDaysIso(today, days);
}

/** The notice error, or null: dates are yyyy-MM-dd, so string order is date order. */
export function promotionNoticeError(promotionStartDate: string | null | undefined, today: string, days: number): string | null {
  if (!promotionStartDate) return null;
  return promotionStartDate < earliestStart(today, days) ? promotionNoticeMessage(days) : null;
}

/** "Is this event on the Planning Center calendar?" */
export function calendarQuestionText(church: Pick<ChurchSettings, 'calendarName'>): string {
  return `Is this event on the ${church.calendarName} calendar?`;
}

/** "Event must be on Planning Center calendar." */
export function calendarBlockedMessage(church: Pick<ChurchSettings, 'calendarName'>): string {
  return `Event must be on ${church.calendarName} calendar.`;
}

/** Whether the calendar answer blocks submitting: only while asked, required, and not Yes. */
export function calendarBlocks(
  church: Pick<ChurchSettings, 'calendarQuestion' | 'calendarRequired'>,
  answer: boolean | null | undefined,
): boolean {
  return church.calendarQuestion && church.calendarRequired && answer !== true;
}

/**
 * Whether an additional channel (one outside the tier) needs approval: a channel that always needs
 * it does; otherwise it does unless the tier's extras are pre-approved. For the demo church this is
 * the built-in rule of decision 0002 for every channel a tier does not include.
 */
export function extraNeedsApproval(
  config: Pick<ChurchConfig, 'tiers' | 'channels'>,
  channel: string,
  tierCode: string | null | undefined,
): boolean {
  if (findChannel(config, channel)?.needsApproval) return true;
  return !findTier(config, tierCode)?.extrasPreapproved;
}

export interface ConfiguredItem {
  channel: string;
  isAdditionalRequest: boolean;
  additionalRequestStatus: 'pending' | 'approved';
}

/**
 * The items a submission creates: the kept tier channels are approved; each additional channel
 * outside the tier is pending when it needs approval, else approved.
 */
export function planConfiguredItems(
  config: Pick<ChurchConfig, 'tiers' | 'channels'>,
  input: { tier: string; includedChannels: readonly string[]; additionalChannels: readonly string[] },
): ConfiguredItem[] {
  const standard = findTier(config, input.tier)?.channels ?? [];
  const included = standard.filter((c) => input.includedChannels.includes(c));
  const additional = [...new Set(input.additionalChannels)].filter((c) => !standard.includes(c));
  return [
    ...included.map((channel) => ({ channel, isAdditionalRequest: false, additionalRequestStatus: 'approved' as const })),
    ...additional.map((channel) => ({
      channel,
      isAdditionalRequest: true,
      additionalRequestStatus: extraNeedsApproval(config, channel, input.tier) ? ('pending' as const) : ('approved' as const),
    })),
  ];
}

// ---------------------------------------------------------------- validation of changes

export type FieldErrors = Record<string, string>;

export interface TierInput {
  code: string;
  name: string;
  examples: string;
  description: string;
  leadTimeDays: number;
  leadTimeLabel: string | null;
  channels: string[];
  extrasPreapproved: boolean;
  archived: boolean;
}

export interface ChannelInput {
  code: string;
  label: string;
  needsApproval: boolean;
  goesToCms: boolean;
  archived: boolean;
  /** Checked here: 'sunday' or 'week'. */
  capacityPer: string;
  capacity: number | null;
  runWeeks: number | null;
  leadTimeDays: number;
}

const wholeIn = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max;

/** Field errors of a tier as it would be saved; `existingCodes` are the other tiers' codes. */
export function tierErrors(input: TierInput, existingCodes: readonly string[], channelCodes: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  if (!CODE_PATTERN.test(input.code)) errors.code = CONFIG_MESSAGES.code;
  else if (existingCodes.some((c) => c.toLowerCase() === input.code.toLowerCase())) errors.code = CONFIG_MESSAGES.duplicateCode;
  if (!input.name.trim()) errors.name = CONFIG_MESSAGES.name;
  if (!wholeIn(input.leadTimeDays, CONFIG_MAX.leadTimeDays)) errors.leadTimeDays = CONFIG_MESSAGES.leadTimeDays;
  if (input.channels.some((c) => !channelCodes.includes(c))) errors.channels = CONFIG_MESSAGES.unknownChannel;
  return errors;
}

export function channelErrors(input: ChannelInput, existingCodes: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  if (!CODE_PATTERN.test(input.code)) errors.code = CONFIG_MESSAGES.code;
  else if (existingCodes.some((c) => c.toLowerCase() === input.code.toLowerCase())) errors.code = CONFIG_MESSAGES.duplicateCode;
  if (!input.label.trim()) errors.label = CONFIG_MESSAGES.label;
  if (input.capacityPer !== 'sunday' && input.capacityPer !== 'week') errors.capacityPer = CONFIG_MESSAGES.capacityPer;
  if (input.capacity !== null && !(wholeIn(input.capacity, CONFIG_MAX.capacity) && input.capacity >= 1))
    errors.capacity = CONFIG_MESSAGES.capacity;
  if (input.runWeeks !== null && !(wholeIn(input.runWeeks, CONFIG_MAX.runWeeks) && input.runWeeks >= 1))
    errors.runWeeks = CONFIG_MESSAGES.runWeeks;
  if (!wholeIn(input.leadTimeDays, CONFIG_MAX.leadTimeDays)) errors.leadTimeDays = CONFIG_MESSAGES.leadTimeDays;
  return errors;
}

/** The church's settings as a change gives them: the nudge settings may be left out (they stay). */
export type ChurchSettingsChange = Omit<ChurchSettings, keyof NudgeSettings> & Partial<NudgeSettings>;

export function churchErrors(input: ChurchSettingsChange): FieldErrors {
  const errors: FieldErrors = {};
  if (input.timeZone !== null && !isTimeZone(input.timeZone)) errors.timeZone = CONFIG_MESSAGES.timeZone;
  if (input.contactEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.contactEmail)) errors.contactEmail = CONFIG_MESSAGES.email;
  if (input.calendarQuestion && !input.calendarName.trim()) errors.calendarName = CONFIG_MESSAGES.calendarName;
  if (!wholeIn(input.promotionMinDays, CONFIG_MAX.promotionMinDays)) errors.promotionMinDays = CONFIG_MESSAGES.promotionMinDays;
  for (const key of ['proofNudgeDays', 'nudgeEscalateDays', 'stageStuckDays'] as const) {
    const days = input[key];
    if (days !== undefined && !(wholeIn(days, NUDGE_MAX_DAYS) && days >= 1)) errors[key] = CONFIG_MESSAGES.nudgeDays;
  }
  return errors;
}

/** Whether `codes` lists exactly the codes of `rows`, each once. */
export function isCompleteOrder(codes: readonly string[], rows: readonly { code: string }[]): boolean {
  return codes.length === rows.length && new Set(codes).size === codes.length && rows.every((r) => codes.includes(r.code));
}
