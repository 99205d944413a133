import { useNavigate } from 'react-router';
import type { NotificationDto } from '@shared/api/notifications';
import { useMarkRead } from '../api/mark-read';

/**
 * Where a notification leads: its own link when it is an address in the app (a notification about
 * one item opens the drawer's Items tab on it, Sunday work its Sunday on that piece, decision 0058), else its request, else the notifications list.
 */
export function notificationTarget(n: Pick<NotificationDto, 'requestId' | 'link'>): string {
  if (n.link && n.link.startsWith('/') && !n.link.startsWith('//')) return n.link;
  return n.requestId ? `/request/${n.requestId}` : '/notifications';
}

/**
 * Clicking a notification (guide/notifications-and-email.md#read-when-opened): mark it read if unread, then open where it leads.
 */
export function useOpenNotification(onOpened?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return async (n: NotificationDto) => {
    if (!n.read) {
      try {
        await markRead.mutateAsync(n.id);
      } catch (err) {
        // Opening the request matters more than the read flag; the list refetches either way.
        console.error('Could not mark the notification read', err);
      }
    }
    onOpened?.();
    void navigate(notificationTarget(n));
  };
}
