import { TZDate } from '@date-fns/tz';
import { STAGE_LABELS, stageOf, type BoardStage } from './board';

/**
 * Nudges (guide/notifications-and-email.md#nudges): work that has stalled reminds the person it
 * waits on. A proof waiting for approval longer than the church's setting reminds its approver (the
 * request's requester); after a further period it reminds the request's coordinator too. An item
 * stuck in a stage of work longer than its setting reminds its assignee. Each person gets at most
 * one summary a church day, from the daily digest time on.
 */

// The settings live apart (nudge-settings.ts): the church's configuration reads them on every
// screen, and this file's day counting needs the time-zone library, which no screen should carry.
import type { NudgeSettings } from './nudge-settings';

/** The stages in which work waits on its assignee; Ready for Proof waits on the approver, and the later stages are done. */
export const STUCK_STAGES: readonly BoardStage[] = ['submitted', 'in_progress'];

export type NudgeReason = 'proof_waiting' | 'proof_escalated' | 'stage_stuck';

/** What the nudge rules read of one item. */
export interface NudgeItem {
  status: string;
  /** When the item entered its current stage (request_items.stage_entered_at). */
  stageEnteredAt: Date;
  assigneeId: string | null;
  /** The proof's approver: the request's requester. */
  requesterId: string | null;
  coordinatorId: string | null;
}

export interface DueNudge {
  reason: NudgeReason;
  userId: string;
  /** Whole church days the item has waited in its stage. */
  days: number;
}

/**
 * The moment a wait of `days` days that began at `start` is over: the same wall-clock time `days`
 * calendar days later in the church's time zone, so a day of 23 or 25 hours (a daylight saving
 * change) counts as one day. A wall-clock time the clocks skip reads as the moment after the jump.
 */
export function afterDays(start: Date, days: number, timeZone: string): Date {
  const local = new TZDate(start.getTime(), timeZone);
  const end = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + days,
    local.getHours(),
    local.getMinutes(),
    local.getSeconds(),
    local.getMilliseconds(),
    timeZone,
  );
  return new Date(end.getTime());
}

/** Whole days (by the church's wall clock) from `start` to `now`. */
export function daysWaited(start: Date, now: Date, timeZone: string): number {
  if (now.getTime() < start.getTime()) return 0;
  // Every day is 23 to 25 hours long, so the count is within one of the hour count's.
  let days = Math.max(0, Math.floor((now.getTime() - start.getTime()) / 86_400_000) - 1);
  while (afterDays(start, days + 1, timeZone).getTime() <= now.getTime()) days++;
  return days;
}

/**
 * The nudges an item is due at `now` (the rule's one statement): nothing for an item in no
 * stalling stage; its approver after `proofNudgeDays` of waiting for approval, and the coordinator
 * too after `nudgeEscalateDays` more; its assignee after `stageStuckDays` in Submitted or In
 * Progress. Nobody is nudged about a wait shorter than the setting, and a missing person is skipped.
 */
export function nudgesDue(item: NudgeItem, now: Date, timeZone: string, settings: NudgeSettings): DueNudge[] {
  const stage = stageOf(item.status);
  const days = daysWaited(item.stageEnteredAt, now, timeZone);
  const out: DueNudge[] = [];
  if (stage === 'proof_ready') {
    if (item.requesterId && days >= settings.proofNudgeDays) out.push({ reason: 'proof_waiting', userId: item.requesterId, days });
    if (item.coordinatorId && days >= settings.proofNudgeDays + settings.nudgeEscalateDays) {
      out.push({ reason: 'proof_escalated', userId: item.coordinatorId, days });
    }
  } else if (stage && STUCK_STAGES.includes(stage)) {
    if (item.assigneeId && days >= settings.stageStuckDays) out.push({ reason: 'stage_stuck', userId: item.assigneeId, days });
  }
  return out;
}

/**
 * The shortest wait after which any nudge is due, less one day: the stalled-item read asks only for
 * items that entered their stage before `now` minus this many days (a day is at least 23 hours, so
 * the read finds every item the rule will call due, and the rule decides).
 */
export function nudgeLookbackDays(settings: NudgeSettings): number {
  return Math.max(0, Math.min(settings.proofNudgeDays, settings.stageStuckDays) - 1);
}

// ---------------------------------------------------------------- the summary's words

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line of a person's summary about one item. */
export function nudgeLine(reason: NudgeReason, channel: string, status: string, days: number): string {
  const waited = plural(days, 'day');
  switch (reason) {
    case 'proof_waiting':
      return `The ${channel} proof has waited ${waited} for your approval.`;
    case 'proof_escalated':
      return `The ${channel} proof has waited ${waited} for the requester's approval.`;
    case 'stage_stuck':
      return `${channel} has been in ${STAGE_LABELS[stageOf(status) ?? 'submitted']} for ${waited}.`;
  }
}

export interface NudgeCounts {
  proofWaiting: number;
  proofEscalated: number;
  stageStuck: number;
}

/** The bell's summary: one title, and a body counting what waits on the person. */
export function nudgeSummary(counts: NudgeCounts): { title: string; body: string } {
  const parts: string[] = [];
  if (counts.proofWaiting) parts.push(`${plural(counts.proofWaiting, 'proof')} waiting for your approval`);
  if (counts.proofEscalated) parts.push(`${plural(counts.proofEscalated, 'proof')} on your requests still waiting for approval`);
  if (counts.stageStuck) parts.push(`${plural(counts.stageStuck, 'task')} of yours not moving`);
  const body = parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return { title: 'Work is waiting on you', body: body ? `${body[0].toUpperCase()}${body.slice(1)}.` : '' };
}
