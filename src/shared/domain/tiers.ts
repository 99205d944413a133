import type { Channel } from './channels';
import type { Tier } from './statuses';

/** Tier definitions of the new-request form (guide/requests.md#tiers). */
export interface TierDefinition {
  tier: Tier;
  title: string;
  examples: string;
  leadTime: string;
  description: string;
  channels: readonly Channel[];
}

export const TIER_DEFINITIONS: Record<Tier, TierDefinition> = {
  A: {
    tier: 'A',
    title: 'Tier A',
    examples: 'Church-wide major events',
    leadTime: '4-6 weeks',
    description:
      'Stage announcement (with approval), 3-week slide deck, landing slide deck, website feature page, Facebook event, 3 Instagram posts plus stories, email feature, push notification, print posters and a registration page.',
    channels: [
      'stage_announcement',
      'landing_slide',
      'sunday_slide',
      'facebook_event',
      'social_media_posts',
      'website_feature_page',
      'website_calendar_listing',
      'app_push_notification',
      'email_feature',
      'registration_page',
    ],
  },
  B: {
    tier: 'B',
    title: 'Tier B',
    examples: 'Ministry or department events',
    leadTime: '3-4 weeks',
    description:
      '2-week slide deck, website event page, Facebook event, Instagram story plus 1-2 posts, email mention and a landing slide if community-facing.',
    channels: ['landing_slide', 'sunday_slide', 'website_event_page', 'social_media_posts', 'app_push_notification', 'registration_page'],
  },
  C: {
    tier: 'C',
    title: 'Tier C',
    examples: 'Small or targeted events',
    leadTime: '2 weeks',
    description: '1-week slide deck, an Instagram story and a website calendar listing.',
    channels: ['sunday_slide', 'website_event_page', 'social_media_story'],
  },
  L1: {
    tier: 'L1',
    title: 'Tier L1',
    examples: 'The Landing plus church crossover',
    leadTime: '3 weeks',
    description: 'Sunday slide deck, landing slide deck, landing social, church social (strategic) and both website calendars.',
    channels: ['landing_slide', 'sunday_slide', 'website_feature_page', 'social_media_posts', 'landing_social_media'],
  },
  L2: {
    tier: 'L2',
    title: 'Tier L2',
    examples: 'The Landing only',
    leadTime: '2 weeks',
    description: 'Landing slide deck only, landing social and landing website, with no Sunday promotion.',
    channels: ['landing_slide', 'landing_social_media'],
  },
  D: {
    tier: 'D',
    title: 'Tier D',
    examples: 'Private events',
    leadTime: 'No lead time',
    description: 'No automatic channels; any extras are additional items that need approval.',
    channels: [],
  },
};

/** Landing tier card defaults (guide/requests.md#tiers). */
export const LANDING_TIER_DEFAULTS = {
  a: { name: 'Major Event', lead_time: '5 Business Days' },
  b: { name: 'Standard Event', lead_time: '4 Business Days' },
  c: { name: 'Simple Announcement', lead_time: '3 Business Days' },
  l1: { name: 'The Landing - Full Promo', lead_time: '4 Business Days' },
  l2: { name: 'The Landing - Internal', lead_time: '3 Business Days' },
} as const;
