import fc from 'fast-check';
import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { ITEM_STATUSES } from './statuses';
import { afterDays, daysWaited, nudgeLine, nudgeLookbackDays, nudgesDue, nudgeSummary, type NudgeItem } from './nudges';
import { DEFAULT_NUDGE_SETTINGS, type NudgeSettings } from './nudge-settings';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];

/** Instants around the year's daylight saving changes in both hemispheres (2026). */
const instant = fc
  .oneof(
    fc.integer({ min: Date.UTC(2026, 2, 1), max: Date.UTC(2026, 3, 15) }),
    fc.integer({ min: Date.UTC(2026, 8, 20), max: Date.UTC(2026, 10, 15) }),
    fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
  )
  .map((ms) => new Date(ms));
const zone = fc.constantFrom(...ZONES);
const settings: fc.Arbitrary<NudgeSettings> = fc.record({
  proofNudgeDays: fc.integer({ min: 1, max: 10 }),
  nudgeEscalateDays: fc.integer({ min: 1, max: 10 }),
  stageStuckDays: fc.integer({ min: 1, max: 20 }),
});
const person = fc.option(fc.constantFrom('requester', 'coordinator', 'assignee'), { nil: null });

describe('how long work has waited, by the church’s wall clock', () => {
  it('a wait of N days ends at the same wall-clock time N calendar days later, 23 to 25 hours a day across a clock change', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 30 }), zone, (start, days, tz) => {
        const end = afterDays(start, days, tz);
        const hours = (end.getTime() - start.getTime()) / HOUR;
        expect(hours).toBeGreaterThanOrEqual(days * 24 - 1);
        expect(hours).toBeLessThanOrEqual(days * 24 + 1);
        // The same wall-clock minute, unless that minute is one the clocks skip or repeat.
        const local = (d: Date) => new TZDate(d.getTime(), tz);
        const a = local(start);
        const b = local(end);
        const shifted = Math.abs(a.getTimezoneOffset() - b.getTimezoneOffset()) > 0;
        if (!shifted) expect([b.getHours(), b.getMinutes()]).toEqual([a.getHours(), a.getMinutes()]);
      }),
    );
  });

  it('days waited count up by one at each such end, never backwards, and are 0 before the start', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 40 * 24 }), zone, (start, hours, tz) => {
        const now = new Date(start.getTime() + hours * HOUR);
        const days = daysWaited(start, now, tz);
        expect(afterDays(start, days, tz).getTime()).toBeLessThanOrEqual(Math.max(now.getTime(), start.getTime()));
        expect(afterDays(start, days + 1, tz).getTime()).toBeGreaterThan(now.getTime());
        expect(daysWaited(start, new Date(now.getTime() + HOUR), tz)).toBeGreaterThanOrEqual(days);
        expect(daysWaited(start, new Date(start.getTime() - HOUR), tz)).toBe(0);
      }),
    );
  });

  it('in New York two days from Saturday 9:00 before clocks spring forward are 47 hours; before they fall back, 49', () => {
    const tz = 'America/New_York';
    const spring = new Date(new TZDate(2026, 2, 7, 9, 0, 0, tz).getTime());
    expect((afterDays(spring, 2, tz).getTime() - spring.getTime()) / HOUR).toBe(47);
    expect(daysWaited(spring, new Date(spring.getTime() + 47 * HOUR - 1), tz)).toBe(1);
    expect(daysWaited(spring, new Date(spring.getTime() + 47 * HOUR), tz)).toBe(2);
    const fall = new Date(new TZDate(2026, 9, 31, 9, 0, 0, tz).getTime());
    expect((afterDays(fall, 2, tz).getTime() - fall.getTime()) / HOUR).toBe(49);
    expect(daysWaited(fall, new Date(fall.getTime() + 48 * HOUR), tz)).toBe(1);
    // A wall-clock time the clocks skip (2:30 on the spring-forward night) reads as the moment after the jump.
    const beforeGap = new Date(new TZDate(2026, 2, 7, 2, 30, 0, tz).getTime());
    expect(afterDays(beforeGap, 1, tz).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });
});

describe('which items are due a nudge', () => {
  const item = fc.record({
    status: fc.constantFrom(...ITEM_STATUSES),
    start: instant,
    assignee: person,
    requester: person,
    coordinator: person,
  });

  it('matches the rule: approver after the proof setting, coordinator after the further period, assignee after the stage setting', () => {
    fc.assert(
      fc.property(item, fc.integer({ min: 0, max: 30 * 24 }), zone, settings, (it, hours, tz, s) => {
        const now = new Date(it.start.getTime() + hours * HOUR);
        const subject: NudgeItem = {
          status: it.status,
          stageEnteredAt: it.start,
          assigneeId: it.assignee && 'assignee',
          requesterId: it.requester && 'requester',
          coordinatorId: it.coordinator && 'coordinator',
        };
        const due = nudgesDue(subject, now, tz, s);
        const days = daysWaited(it.start, now, tz);
        const expected: string[] = [];
        if (it.status === 'proof_ready') {
          if (subject.requesterId && days >= s.proofNudgeDays) expected.push('proof_waiting:requester');
          if (subject.coordinatorId && days >= s.proofNudgeDays + s.nudgeEscalateDays) expected.push('proof_escalated:coordinator');
        }
        if (
          ['submitted', 'not_started', 'in_progress', 'changes_requested'].includes(it.status) &&
          subject.assigneeId &&
          days >= s.stageStuckDays
        ) {
          expected.push('stage_stuck:assignee');
        }
        expect(due.map((d) => `${d.reason}:${d.userId}`)).toEqual(expected);
        for (const d of due) expect(d.days).toBe(days);
        // Done work (approved, published, complete) never nudges anyone.
        if (['approved', 'published', 'complete'].includes(it.status)) expect(due).toEqual([]);
      }),
    );
  });

  it('the stalled-work read looks back far enough: every item the rule calls due entered its stage before its cut-off', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 30 * 24 }), zone, settings, (start, hours, tz, s) => {
        const now = new Date(start.getTime() + hours * HOUR);
        const cutoff = now.getTime() - nudgeLookbackDays(s) * DAY;
        const subject = { stageEnteredAt: start, assigneeId: 'a', requesterId: 'r', coordinatorId: 'c' };
        const due = [
          ...nudgesDue({ ...subject, status: 'proof_ready' }, now, tz, s),
          ...nudgesDue({ ...subject, status: 'in_progress' }, now, tz, s),
        ];
        if (due.length > 0) expect(start.getTime()).toBeLessThan(cutoff);
      }),
    );
  });

  it('with the default settings: 2 days for the approver, 4 for the coordinator, 5 for the assignee', () => {
    const tz = 'America/New_York';
    const start = new Date(new TZDate(2026, 5, 1, 10, 0, 0, tz).getTime());
    const at = (days: number) => new Date(start.getTime() + days * DAY);
    const base = { stageEnteredAt: start, assigneeId: 'a', requesterId: 'r', coordinatorId: 'c' };
    const who = (status: string, days: number) => nudgesDue({ ...base, status }, at(days), tz, DEFAULT_NUDGE_SETTINGS).map((d) => d.userId);
    expect(who('proof_ready', 1.9)).toEqual([]);
    expect(who('proof_ready', 2)).toEqual(['r']);
    expect(who('proof_ready', 4)).toEqual(['r', 'c']);
    expect(who('in_progress', 4.9)).toEqual([]);
    expect(who('changes_requested', 5)).toEqual(['a']);
    expect(who('not_started', 5)).toEqual(['a']);
    expect(who('approved', 50)).toEqual([]);
  });
});

describe('the summary’s words', () => {
  it('counts what waits on the person in one sentence', () => {
    expect(nudgeSummary({ proofWaiting: 1, proofEscalated: 0, stageStuck: 0 })).toEqual({
      title: 'Work is waiting on you',
      body: '1 proof waiting for your approval.',
    });
    expect(nudgeSummary({ proofWaiting: 2, proofEscalated: 1, stageStuck: 3 }).body).toBe(
      '2 proofs waiting for your approval, 1 proof on your requests still waiting for approval and 3 tasks of yours not moving.',
    );
    expect(nudgeSummary({ proofWaiting: 0, proofEscalated: 0, stageStuck: 1 }).body).toBe('1 task of yours not moving.');
  });

  it('names the channel, the stage and the days', () => {
    expect(nudgeLine('proof_waiting', 'Sunday Slide Deck', 'proof_ready', 3)).toBe(
      'The Sunday Slide Deck proof has waited 3 days for your approval.',
    );
    expect(nudgeLine('stage_stuck', 'Website Event Page', 'not_started', 1)).toBe('Website Event Page has been in Submitted for 1 day.');
  });
});
