import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarBlocks,
  channelErrors,
  CONFIG_MESSAGES,
  DEMO_CHANNELS,
  DEMO_TIERS,
  extraNeedsApproval,
  GENERAL_CHANNELS,
  GENERAL_TIERS,
  leadTimeText,
  planConfiguredItems,
  promotionNoticeError,
  promotionNoticeMessage,
  tierErrors,
} from './church-config';
import { addDaysIso } from './dates';
import { needsApproval, planRequestItems, SUBMIT_MESSAGES } from './request-rules';
import type { Channel } from './channels';

const demo = { tiers: DEMO_TIERS, channels: DEMO_CHANNELS };

describe("the church's configuration rules", () => {
  it("the demo church's approval of extras is the built-in rule for every channel outside a tier", () => {
    for (const tier of DEMO_TIERS) {
      for (const channel of DEMO_CHANNELS.filter((c) => !tier.channels.includes(c.code))) {
        expect(extraNeedsApproval(demo, channel.code, tier.code), `${channel.code} on ${tier.code}`).toBe(
          needsApproval(channel.code, tier.code),
        );
      }
    }
  });

  it("the demo church's items are the built-in plan for any choice of channels", () => {
    const codes = DEMO_CHANNELS.map((c) => c.code);
    fc.assert(
      fc.property(
        fc.constantFrom(...DEMO_TIERS.map((t) => t.code)),
        fc.subarray(codes),
        fc.subarray(codes),
        (tier, included, additional) => {
          const input = { tier, includedChannels: included, additionalChannels: additional };
          expect(planConfiguredItems(demo, input)).toEqual(
            planRequestItems(input as never as { tier: string; includedChannels: Channel[]; additionalChannels: Channel[] }),
          );
        },
      ),
    );
  });

  it('the general defaults carry no one church’s words and keep tiers A, B, C and D', () => {
    expect(GENERAL_TIERS.map((t) => t.code)).toEqual(['A', 'B', 'C', 'D']);
    expect(JSON.stringify([GENERAL_TIERS, GENERAL_CHANNELS])).not.toMatch(/landing/i);
  });

  it('says a lead time in its words, else in weeks or days', () => {
    expect(leadTimeText({ leadTimeDays: 28, leadTimeLabel: '4-6 weeks' })).toBe('4-6 weeks');
    expect(leadTimeText({ leadTimeDays: 0, leadTimeLabel: null })).toBe('No lead time');
    expect(leadTimeText({ leadTimeDays: 14, leadTimeLabel: null })).toBe('2 weeks');
    expect(leadTimeText({ leadTimeDays: 7, leadTimeLabel: null })).toBe('1 week');
    expect(leadTimeText({ leadTimeDays: 10, leadTimeLabel: null })).toBe('10 days');
  });

  it('the minimum notice: 14 days reads as the built-in message; a start on the earliest day passes', () => {
    expect(promotionNoticeMessage(14)).toBe(SUBMIT_MESSAGES.leadTime);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 }), fc.integer({ min: -30, max: 400 }), (days, offset) => {
        const today = '2030-01-15';
        const error = promotionNoticeError(addDaysIso(today, offset), today, days);
        expect(error === null).toBe(offset >= days);
      }),
    );
  });

  it('the calendar answer blocks only while asked, required and not Yes', () => {
    for (const calendarQuestion of [true, false])
      for (const calendarRequired of [true, false])
        for (const answer of [true, false, null]) {
          expect(calendarBlocks({ calendarQuestion, calendarRequired }, answer)).toBe(
            calendarQuestion && calendarRequired && answer !== true,
          );
        }
  });

  it('names what is wrong with a tier or a channel', () => {
    const tier = {
      code: 'E',
      name: 'Online',
      examples: '',
      description: '',
      leadTimeDays: 3,
      leadTimeLabel: null,
      channels: ['banner'],
      extrasPreapproved: false,
      archived: false,
    };
    expect(tierErrors(tier, ['A'], ['banner'])).toEqual({});
    expect(tierErrors({ ...tier, name: ' ', leadTimeDays: -1, channels: ['x'] }, ['e'], ['banner'])).toEqual({
      code: CONFIG_MESSAGES.duplicateCode,
      name: CONFIG_MESSAGES.name,
      leadTimeDays: CONFIG_MESSAGES.leadTimeDays,
      channels: CONFIG_MESSAGES.unknownChannel,
    });
    expect(tierErrors({ ...tier, leadTimeDays: 1.5 }, [], ['banner']).leadTimeDays).toBe(CONFIG_MESSAGES.leadTimeDays);
    const channel = { code: 'a b', label: '', needsApproval: false, goesToCms: false, archived: false };
    const rule = { capacityPer: 'week', capacity: null, runWeeks: 1, leadTimeDays: 0 };
    expect(channelErrors({ ...channel, ...rule }, [])).toEqual({ code: CONFIG_MESSAGES.code, label: CONFIG_MESSAGES.label });
    expect(
      channelErrors({ ...channel, code: 'ok', label: 'Ok', capacityPer: 'day', capacity: 0, runWeeks: 0, leadTimeDays: -1 }, []),
    ).toEqual({
      capacityPer: CONFIG_MESSAGES.capacityPer,
      capacity: CONFIG_MESSAGES.capacity,
      runWeeks: CONFIG_MESSAGES.runWeeks,
      leadTimeDays: CONFIG_MESSAGES.leadTimeDays,
    });
    expect(
      channelErrors({ ...channel, code: 'ok', label: 'Ok', capacityPer: 'sunday', capacity: 4, runWeeks: null, leadTimeDays: 365 }, []),
    ).toEqual({});
  });

  it('gives each channel the shortest lead time of the tiers that include it, and the run rules of decision 0067', () => {
    const byCode = Object.fromEntries(DEMO_CHANNELS.map((c) => [c.code, c]));
    expect(byCode.sunday_slide).toMatchObject({ capacityPer: 'sunday', capacity: 4, runWeeks: 3, leadTimeDays: 14 });
    expect(byCode.stage_announcement).toMatchObject({ capacityPer: 'sunday', capacity: 1, runWeeks: 1, leadTimeDays: 28 });
    expect(byCode.email_feature).toMatchObject({ capacityPer: 'week', capacity: 1, runWeeks: 1, leadTimeDays: 28 });
    expect(byCode.social_media_posts).toMatchObject({ capacityPer: 'week', capacity: 6, runWeeks: null, leadTimeDays: 21 });
    expect(byCode.banner).toMatchObject({ capacityPer: 'week', capacity: null, runWeeks: 1, leadTimeDays: 14 });
  });
});
