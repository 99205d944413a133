import { describe, expect, it } from 'vitest';
import { notificationTarget } from './use-open-notification';

describe('where a notification leads', () => {
  it('its request first, then its in-app link (Sunday work), else the notifications list', () => {
    expect(notificationTarget({ requestId: 'r1', link: '/request/r1' })).toBe('/request/r1');
    const sunday = '/sundays/2031-01-05?focus=video:22222222-0000-4000-8000-000000000001';
    expect(notificationTarget({ requestId: null, link: sunday })).toBe(sunday);
    expect(notificationTarget({ requestId: null, link: null })).toBe('/notifications');
    // Never another site: only a path of this app.
    expect(notificationTarget({ requestId: null, link: '//evil.example/x' })).toBe('/notifications');
    expect(notificationTarget({ requestId: null, link: 'https://evil.example/x' })).toBe('/notifications');
  });
});
