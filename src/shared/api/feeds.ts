import { z } from 'zod';

/**
 * API contract of calendar feeds (decision 0033): the account page lists the person's
 * feeds, makes or regenerates one (the answer is the only time the URL is shown), sets the team
 * feed's ministry filter and revokes a feed. The feed itself is `GET /feeds/<token>.ics`.
 */
export const FEED_KINDS = ['personal', 'team'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/**
 * The dates a feed covers, from today in the church's time zone: the last 14 days and the next 18
 * months (an event counts if any of its days is inside). Older and later dates are in no feed.
 */
export const FEED_WINDOW = { daysBack: 14, monthsAhead: 18 } as const;
/** The feed's window around `today` (yyyy-MM-dd): both ends included; a month's last day clamps (Aug 31 + 6 months is Feb 28). */
export function feedWindow(today: string): { from: string; to: string } {
  const [y, m, d] = today.split('-').map(Number);
  const back = new Date(Date.UTC(y, m - 1, d - FEED_WINDOW.daysBack));
  const monthEnd = new Date(Date.UTC(y, m - 1 + FEED_WINDOW.monthsAhead + 1, 0));
  const ahead = new Date(Date.UTC(y, m - 1 + FEED_WINDOW.monthsAhead, Math.min(d, monthEnd.getUTCDate())));
  return { from: back.toISOString().slice(0, 10), to: ahead.toISOString().slice(0, 10) };
}

/**
 * How long a feed's built text is answered as it is (5 minutes): a poll within it reads no rows,
 * and a change shows at the first poll after it. Calendar apps poll every few minutes to hours.
 */
export const FEED_FRESH_MS = 5 * 60_000;
const FRESH_MINUTES = FEED_FRESH_MS / 60_000;

/** The team feed's Sundays: the same six-week window as the runways (guide/sunday-planning.md#readiness). */
export const FEED_SUNDAYS = 6;

export const FEEDS_MESSAGES = {
  title: 'Calendar feeds',
  intro: 'Subscribe from Google Calendar, Outlook or Apple Calendar to see Lampstand dates next to your own.',
  personalTitle: 'My calendar',
  personalExplain: `Your tasks' due dates, and the event and promotion dates of the requests you made, coordinate, work on or were shared, from ${FEED_WINDOW.daysBack} days ago to ${FEED_WINDOW.monthsAhead} months ahead. Changes show within ${FRESH_MINUTES} minutes of your calendar app's next refresh.`,
  teamTitle: 'Team calendar',
  teamExplain: `Every live request's event, with its promotion start in the event's notes, and the next six Sundays with the time each one locks. Task due dates are in each person's own calendar and on the Task Calendar. Changes show within ${FRESH_MINUTES} minutes of your calendar app's next refresh.`,
  ministryLabel: 'Ministry',
  allMinistries: 'All ministries',
  create: 'Create link',
  regenerate: 'Regenerate link',
  revoke: 'Revoke',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the link and copy it yourself.',
  urlLabel: 'Subscription link',
  shownOnce:
    'Copy this link now and paste it into your calendar app as a subscription. It is shown only once: to get a link again, regenerate it (the old link stops working).',
  hidden: 'The link was shown when it was made. Regenerate it to get a new one; the old link then stops working.',
  none: 'No link yet.',
  regenerateConfirmTitle: 'Regenerate this link?',
  regenerateConfirm: 'The current link stops working at once. Calendars subscribed to it must be given the new link.',
  revokeConfirmTitle: 'Revoke this link?',
  revokeConfirm: 'The link stops working at once and calendars subscribed to it stop updating.',
  revoked: 'Link revoked',
  created: 'New link ready',
  filterSaved: 'Filter saved',
  failed: 'Something went wrong. Please try again.',
  loadFailed: 'Could not load your calendar feeds.',
  noTeamFeed: 'You have no team feed. Create its link first.',
  unknownMinistry: 'Choose a ministry from the list.',
} as const;

export const feedSchema = z.object({
  kind: z.enum(FEED_KINDS),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  ministryId: z.string().nullable(),
});
export type Feed = z.infer<typeof feedSchema>;

export const feedsResponse = z.object({
  feeds: z.array(feedSchema),
  /** Whether the person may have a team feed (coordinator and above, now). */
  canHaveTeamFeed: z.boolean(),
  /** The ministries the team feed can be narrowed to (active ones); empty for everyone else. */
  ministries: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type FeedsResponse = z.infer<typeof feedsResponse>;

/** A feed just made or regenerated: the one answer that carries the URL. */
export const createdFeedResponse = z.object({ feed: feedSchema, url: z.string() });
export type CreatedFeed = z.infer<typeof createdFeedResponse>;

const ministryFilter = z.uuid(FEEDS_MESSAGES.unknownMinistry).nullable();
export const createTeamFeedBody = z.object({ ministryId: ministryFilter.optional() });
export const teamFeedFilterBody = z.object({ ministryId: ministryFilter });
export type TeamFeedFilter = z.infer<typeof teamFeedFilterBody>;
export const feedResponse = z.object({ feed: feedSchema });
