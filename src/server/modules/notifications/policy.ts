import { allow } from '../../platform/policy/rules';

/** Notifications are their recipient's alone (spec 002 section 6 Activity: "their own notifications"). */
export const notificationPolicy = {
  read: allow<{ userId: string }>('Notification', 'read', (actor, notification) => notification.userId === actor.id),
};
