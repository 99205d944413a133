import { allow } from '../../platform/policy/rules';

/** Notifications are their recipient's alone (guide/roles-and-access.md#who-may-do-what Activity: "their own notifications"). */
export const notificationPolicy = {
  read: allow<{ userId: string }>('Notification', 'read', (actor, notification) => notification.userId === actor.id),
};
