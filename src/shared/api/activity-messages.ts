/**
 * The Activity screen's strings (guide/notifications-and-email.md#the-notifications-screen), verbatim. A module of its own, free
 * of zod, because the bell in the header reads one: importing them from `notifications.ts` would
 * put zod's schema builders into every signed-in page's first download (decision 0030).
 */
export const ACTIVITY_MESSAGES = {
  masterTitle: 'Master Activity Feed',
  myTitle: 'My Notifications',
  markAll: 'Mark All as Read',
  loadError: 'Error loading activity',
  markAllError: 'Could not mark all as read.',
} as const;
