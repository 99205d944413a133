import { hasRank } from '@shared/domain/roles';
import { useCurrentUser } from '@web/features/auth';
import { MasterActivityFeed } from '../components/master-activity-feed';
import { MyNotifications } from '../components/my-notifications';

/**
 * The Activity screen (guide/notifications-and-email.md#the-notifications-screen, guide/notifications-and-email.md#the-notifications-screen): the Master Activity Feed for admin and
 * coordinator, My Notifications for everyone else. The server refuses the master feed below coordinator.
 */
export function Component() {
  const user = useCurrentUser();
  return user && hasRank(user.role, 'coordinator') ? <MasterActivityFeed /> : <MyNotifications />;
}
