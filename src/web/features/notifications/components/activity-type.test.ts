import { describe, expect, it } from 'vitest';
import { activityType } from './activity-type';

describe('activityType', () => {
  it('gives every type of guide/notifications-and-email.md#the-bell its own label and colour', () => {
    const types = [
      'deadline_warning',
      'overdue',
      'team_overdue',
      'urgent_deadline',
      'team_urgent',
      'manual_reminder',
      'assignment',
      'reassignment',
      'status_change',
      'review_ready',
      'file_upload',
      'priority_change',
      'mention',
    ];
    const labels = types.map((t) => activityType(t).label);
    expect(new Set(labels).size).toBe(types.length);
    for (const t of types) expect(activityType(t).badge).not.toContain('slate');
  });

  it('tells a request message from a notification about one, and labels other types readably', () => {
    expect(activityType('request_message').label).toBe('Message');
    expect(activityType('message').label).toBe('New message');
    expect(activityType('proof_ready')).toMatchObject({ label: 'Proof ready', badge: 'bg-slate-100 text-slate-700' });
    expect(activityType('constructor').label).toBe('Constructor');
  });
});
