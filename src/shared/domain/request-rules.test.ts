import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANNELS, RESTRICTED_CHANNELS } from './channels';
import { TIERS } from './statuses';
import { TIER_DEFINITIONS } from './tiers';
import {
  completenessScore,
  defaultPromotionStart,
  earliestPromotionStart,
  effectiveTier,
  isImpactInOne,
  needsApproval,
  planRequestItems,
  promotionLeadTimeError,
  submitBlockedReason,
  tierChannels,
} from './request-rules';
import { addDaysIso } from './dates';

const FULL = {
  eventTitle: 'Fall Festival',
  ministryId: 'm',
  promotionStartDate: '2030-01-01',
  eventStartDate: '2030-01-22',
  descriptionShort: 'Short',
  tier: 'B',
  planningCenterAdded: true,
  descriptionLong: 'Long',
  targetAudience: 'Families',
  fileCount: 1,
};

describe('completenessScore', () => {
  it('gives the spec points per field and 100 when everything is filled', () => {
    expect(completenessScore(FULL)).toBe(100);
    expect(completenessScore({ fileCount: 0 })).toBe(0);
    expect(completenessScore({ eventTitle: 'x', fileCount: 0 })).toBe(10);
    expect(completenessScore({ descriptionShort: 'x', fileCount: 0 })).toBe(20);
    expect(completenessScore({ descriptionLong: 'x', targetAudience: 'y', fileCount: 0 })).toBe(10);
    expect(completenessScore({ fileCount: 3 })).toBe(10);
    expect(completenessScore({ planningCenterAdded: false, fileCount: 0 })).toBe(0);
    expect(completenessScore({ planningCenterAdded: true, fileCount: 0 })).toBe(10);
  });

  it('ignores blank text', () => {
    expect(completenessScore({ ...FULL, eventTitle: '   ' })).toBe(90);
  });

  it('stays between 0 and 100 and only grows when a field is filled', () => {
    const text = fc.option(fc.string(), { nil: null });
    fc.assert(
      fc.property(
        fc.record({
          eventTitle: text,
          ministryId: text,
          promotionStartDate: text,
          eventStartDate: text,
          descriptionShort: text,
          tier: text,
          planningCenterAdded: fc.option(fc.boolean(), { nil: null }),
          descriptionLong: text,
          targetAudience: text,
          fileCount: fc.nat(10),
        }),
        (input) => {
          const score = completenessScore(input);
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
          expect(completenessScore({ ...input, descriptionShort: 'filled' })).toBeGreaterThanOrEqual(score);
          expect(completenessScore({ ...input, fileCount: input.fileCount + 1 })).toBeGreaterThanOrEqual(score);
        },
      ),
    );
  });
});

describe('lead time', () => {
  it('needs the promotion to start at least 14 days from today', () => {
    expect(earliestPromotionStart('2030-01-01')).toBe('2030-01-15');
    expect(promotionLeadTimeError('2030-01-14', '2030-01-01')).toBe('Promotion must start at least 2 weeks from today.');
    expect(promotionLeadTimeError('2030-01-15', '2030-01-01')).toBeNull();
    expect(promotionLeadTimeError('', '2030-01-01')).toBeNull();
  });

  it('accepts exactly the dates 14 or more days ahead', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -400, max: 400 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (offset, d) => {
          const today = d.toISOString().slice(0, 10);
          const error = promotionLeadTimeError(addDaysIso(today, offset), today);
          expect(error === null).toBe(offset >= 14);
        },
      ),
    );
  });

  it('defaults the promotion start to three weeks before the event, across months and years', () => {
    expect(defaultPromotionStart('2030-01-10')).toBe('2029-12-20');
    expect(defaultPromotionStart('2028-03-14')).toBe('2028-02-22');
  });
});

describe('impact in one', () => {
  it('is detected in any case and forces tier A', () => {
    expect(isImpactInOne('Impact In One Sunday')).toBe(true);
    expect(isImpactInOne('the IMPACT IN ONE night')).toBe(true);
    expect(isImpactInOne('Impact Sunday')).toBe(false);
    expect(isImpactInOne(null)).toBe(false);
    expect(effectiveTier('impact in one', 'C')).toBe('A');
    expect(effectiveTier('Picnic', 'C')).toBe('C');
  });
});

describe('tier channels', () => {
  it('are the tier definition channels; D has none', () => {
    expect(tierChannels('C')).toEqual(['sunday_slide', 'website_event_page', 'social_media_story']);
    expect(tierChannels('D')).toEqual([]);
    expect(tierChannels('')).toEqual([]);
  });
});

describe('needsApproval', () => {
  it('always for restricted channels', () => {
    for (const tier of TIERS) for (const c of RESTRICTED_CHANNELS) expect(needsApproval(c, tier)).toBe(true);
  });

  it('for the landing slide unless the tier is A, L1 or L2', () => {
    expect(needsApproval('landing_slide', 'A')).toBe(false);
    expect(needsApproval('landing_slide', 'L1')).toBe(false);
    expect(needsApproval('landing_slide', 'L2')).toBe(false);
    expect(needsApproval('landing_slide', 'B')).toBe(true);
    expect(needsApproval('landing_slide', 'C')).toBe(true);
    expect(needsApproval('landing_slide', 'D')).toBe(true);
  });

  it('for any other channel unless the tier is A', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHANNELS.filter((c) => c !== 'landing_slide' && !RESTRICTED_CHANNELS.includes(c))),
        fc.constantFrom(...TIERS),
        (channel, tier) => needsApproval(channel, tier) === (tier !== 'A'),
      ),
    );
  });
});

describe('planRequestItems', () => {
  it('approves kept tier channels and marks extras pending when they need approval', () => {
    const items = planRequestItems({
      tier: 'C',
      includedChannels: ['sunday_slide', 'social_media_story'],
      additionalChannels: ['banner', 'sunday_slide'],
    });
    expect(items).toEqual([
      { channel: 'sunday_slide', isAdditionalRequest: false, additionalRequestStatus: 'approved' },
      { channel: 'social_media_story', isAdditionalRequest: false, additionalRequestStatus: 'approved' },
      { channel: 'banner', isAdditionalRequest: true, additionalRequestStatus: 'pending' },
    ]);
  });

  it('approves non-restricted extras for tier A', () => {
    const items = planRequestItems({ tier: 'A', includedChannels: [], additionalChannels: ['print_posters', 'mass_email'] });
    expect(items.map((i) => i.additionalRequestStatus)).toEqual(['approved', 'pending']);
  });

  it('never creates a channel twice and never includes a channel outside the tier', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TIERS),
        fc.array(fc.constantFrom(...CHANNELS)),
        fc.array(fc.constantFrom(...CHANNELS)),
        (tier, included, additional) => {
          const items = planRequestItems({ tier, includedChannels: included, additionalChannels: additional });
          const channels = items.map((i) => i.channel);
          expect(new Set(channels).size).toBe(channels.length);
          for (const item of items) {
            const standard = TIER_DEFINITIONS[tier].channels.includes(item.channel);
            expect(item.isAdditionalRequest).toBe(!standard);
          }
        },
      ),
    );
  });
});

describe('submitBlockedReason', () => {
  it('names the first reason in the spec order', () => {
    expect(submitBlockedReason({ score: 59, planningCenterAdded: true, errors: [] })).toBe('Content must be at least 60% complete.');
    expect(submitBlockedReason({ score: 60, planningCenterAdded: false, errors: [] })).toBe('Event must be on Planning Center calendar.');
    expect(submitBlockedReason({ score: 60, planningCenterAdded: null, errors: [] })).toBe('Event must be on Planning Center calendar.');
    expect(submitBlockedReason({ score: 80, planningCenterAdded: true, errors: ['Title is required.', 'x'] })).toBe('Title is required.');
    expect(submitBlockedReason({ score: 80, planningCenterAdded: true, errors: [], complete: false })).toBe(
      'Please complete all required fields.',
    );
    expect(submitBlockedReason({ score: 60, planningCenterAdded: true, errors: [] })).toBeNull();
  });
});
