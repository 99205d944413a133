/**
 * The demo church's channels and their labels (guide/requests.md#channels): the data of its default
 * configuration (DEMO_CHANNELS). Screens, e-mails and exports name a channel from the church's
 * configuration (useChannelLabel on the web, channelLabels on the server). Keys the spec leaves
 * unnamed are ours.
 */
export const CHANNEL_LABELS = {
  stage_announcement: 'Sunday Stage Announcement',
  landing_slide: 'Landing Slide Deck',
  sunday_slide: 'Sunday Slide Deck',
  facebook_event: 'Facebook Event',
  social_media_posts: 'Instagram Posts (3) + Stories',
  social_media_story: 'Instagram Story',
  website_feature_page: 'Website Feature Page',
  website_event_page: 'Website Event Page',
  website_calendar_listing: 'Website Calendar Listing',
  app_push_notification: 'App Push Notification',
  email_feature: 'Email Newsletter Feature',
  email_mention: 'Email Newsletter Mention',
  registration_page: 'Registration Page',
  landing_social_media: 'Landing Social Media',
  promotional_video: 'Promotional Video',
  print_posters: 'Print Posters (11x17)',
  happenings_flyer: 'Flyer for Happenings Rack (8.5x11)',
  banner: 'Banner',
  mass_email: 'Mass Email',
  other: 'Other',
} as const;
export type Channel = keyof typeof CHANNEL_LABELS;
export const CHANNELS = Object.keys(CHANNEL_LABELS) as Channel[];

/** Channels whose additional requests always need approval (guide/requests.md#channels). */
export const RESTRICTED_CHANNELS: readonly Channel[] = ['stage_announcement', 'promotional_video', 'banner', 'mass_email'];

/** Web and e-mail channels that go through the CMS queue (guide/reports.md#the-cms-queue). */
export const CMS_CHANNELS: readonly Channel[] = [
  'website_feature_page',
  'website_event_page',
  'website_calendar_listing',
  'registration_page',
  'email_feature',
  'email_mention',
  'app_push_notification',
];
