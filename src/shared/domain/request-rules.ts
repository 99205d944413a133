import { RESTRICTED_CHANNELS, type Channel } from './channels';
import { COMPLETENESS_THRESHOLD, DEFAULT_PROMOTION_WEEKS_BEFORE_EVENT, PROMOTION_LEAD_MIN_WEEKS } from './constants';
import { addDaysIso } from './dates';
import type { AdditionalRequestStatus, Tier } from './statuses';
import { TIER_DEFINITIONS } from './tiers';

/** The pure rules of the new-request form (guide/requests.md#submission-rules), shared by form and server. */

export const SUBMIT_MESSAGES = {
  incomplete: 'Content must be at least 60% complete.',
  planningCenter: 'Event must be on Planning Center calendar.',
  requiredFields: 'Please complete all required fields.',
  leadTime: 'Promotion must start at least 2 weeks from today.',
} as const;

// ---------------------------------------------------------------- completeness

export interface CompletenessInput {
  eventTitle?: string | null;
  ministryId?: string | null;
  promotionStartDate?: string | null;
  eventStartDate?: string | null;
  descriptionShort?: string | null;
  tier?: string | null;
  planningCenterAdded?: boolean | null;
  descriptionLong?: string | null;
  targetAudience?: string | null;
  fileCount: number;
}

const filled = (value: string | null | undefined) => !!value && value.trim().length > 0;

/** Completeness points of guide/requests.md#submission-rules, capped at 100. */
export function completenessScore(input: CompletenessInput): number {
  const points = [
    [filled(input.eventTitle), 10],
    [filled(input.ministryId), 10],
    [filled(input.promotionStartDate), 10],
    [filled(input.eventStartDate), 10],
    [filled(input.descriptionShort), 20],
    [filled(input.tier), 10],
    [input.planningCenterAdded === true, 10],
    [filled(input.descriptionLong), 5],
    [filled(input.targetAudience), 5],
    [input.fileCount > 0, 10],
  ] as const;
  const total = points.reduce((sum, [ok, value]) => sum + (ok ? value : 0), 0);
  return Math.min(100, total);
}

export function meetsCompleteness(score: number): boolean {
  return score >= COMPLETENESS_THRESHOLD;
}

// ---------------------------------------------------------------- dates

/** The earliest promotion start allowed today: two weeks from today in the church's time zone. */
export function earliestPromotionStart(today: string): string {
  return addDaysIso(today, PROMOTION_LEAD_MIN_WEEKS * 7);
}

/** The lead-time error, or null: dates are yyyy-MM-dd, so string order is date order. */
export function promotionLeadTimeError(promotionStartDate: string | null | undefined, today: string): string | null {
  if (!promotionStartDate) return null;
  return promotionStartDate < earliestPromotionStart(today) ? SUBMIT_MESSAGES.leadTime : null;
}

/** Setting the event start date moves the promotion start to three weeks earlier. */
export function defaultPromotionStart(eventStartDate: string): string {
  return addDaysIso(eventStartDate, -DEFAULT_PROMOTION_WEEKS_BEFORE_EVENT * 7);
}

// ---------------------------------------------------------------- tiers and channels

/** A title containing 'impact in one' (any case, any spacing) marks an Impact in One event. */
export function isImpactInOne(title: string | null | undefined): boolean {
  return !!title && /impact\s+in\s+one/i.test(title);
}

/** Impact in One forces tier A; otherwise the chosen tier stands. */
export function effectiveTier<T extends string>(title: string | null | undefined, tier: T): T | 'A' {
  return isImpactInOne(title) ? 'A' : tier;
}

export function tierChannels(tier: string | null | undefined): readonly Channel[] {
  return tier && tier in TIER_DEFINITIONS ? TIER_DEFINITIONS[tier as Tier].channels : [];
}

/**
 * Whether an additional channel needs approval. The spec's sentence, "Additional channels need
 * approval: all except for tier A, channels in a restricted list, and the landing slide unless
 * tier is A, L1 or L2", is read as three rules where the specific beats the general
 * (docs/decisions/0002-additional-channel-approval.md):
 *   1. a restricted channel (stage announcement, promotional video, banner, mass e-mail) always
 *      needs approval, whatever the tier;
 *   2. the landing slide needs approval unless the tier is A, L1 or L2;
 *   3. any other additional channel needs approval unless the tier is A.
 */
export function needsApproval(channel: string, tier: string | null | undefined): boolean {
  if ((RESTRICTED_CHANNELS as readonly string[]).includes(channel)) return true;
  if (channel === 'landing_slide') return !(tier === 'A' || tier === 'L1' || tier === 'L2');
  return tier !== 'A';
}

export interface PlannedItem {
  channel: Channel;
  isAdditionalRequest: boolean;
  additionalRequestStatus: AdditionalRequestStatus;
}

/**
 * The items a submission creates (guide/requests.md#submission-rules): the kept tier channels are approved; each
 * additional channel outside the tier is pending when it needs approval, else approved.
 */
export function planRequestItems(input: {
  tier: string;
  includedChannels: readonly Channel[];
  additionalChannels: readonly Channel[];
}): PlannedItem[] {
  const standard = tierChannels(input.tier);
  const included = standard.filter((c) => input.includedChannels.includes(c));
  const additional = [...new Set(input.additionalChannels)].filter((c) => !standard.includes(c));
  return [
    ...included.map((channel) => ({ channel, isAdditionalRequest: false, additionalRequestStatus: 'approved' as const })),
    ...additional.map((channel) => ({
      channel,
      isAdditionalRequest: true,
      additionalRequestStatus: needsApproval(channel, input.tier) ? ('pending' as const) : ('approved' as const),
    })),
  ];
}

// ---------------------------------------------------------------- submit

export interface SubmitState {
  score: number;
  planningCenterAdded: boolean | null | undefined;
  /** Error messages in form order. */
  errors: readonly string[];
  /** False when something required is still missing although no message is listed. */
  complete?: boolean;
}

/** Why Submit is disabled (guide/requests.md#submission-rules), or null when submitting is allowed. */
export function submitBlockedReason(state: SubmitState): string | null {
  if (!meetsCompleteness(state.score)) return SUBMIT_MESSAGES.incomplete;
  if (state.planningCenterAdded !== true) return SUBMIT_MESSAGES.planningCenter;
  if (state.errors.length > 0) return state.errors[0];
  if (state.complete === false) return SUBMIT_MESSAGES.requiredFields;
  return null;
}
