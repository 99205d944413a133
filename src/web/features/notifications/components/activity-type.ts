/**
 * The feed colour and label of each notification type (guide/notifications-and-email.md#the-bell), and of request
 * messages. Full class names, so Tailwind keeps them; text shades pass contrast on their background.
 */
export interface ActivityType {
  label: string;
  badge: string;
  dot: string;
}

const TYPES: Record<string, ActivityType> = {
  deadline_warning: { label: 'Deadline warning', badge: 'bg-amber-100 text-amber-800', dot: 'bg-amber-500' },
  overdue: { label: 'Overdue', badge: 'bg-red-100 text-red-800', dot: 'bg-red-600' },
  team_overdue: { label: 'Team overdue', badge: 'bg-rose-100 text-rose-800', dot: 'bg-rose-600' },
  urgent_deadline: { label: 'Urgent deadline', badge: 'bg-orange-100 text-orange-800', dot: 'bg-orange-500' },
  team_urgent: { label: 'Team urgent', badge: 'bg-orange-100 text-orange-900', dot: 'bg-orange-700' },
  manual_reminder: { label: 'Reminder', badge: 'bg-yellow-100 text-yellow-800', dot: 'bg-yellow-500' },
  /** Stalled work's daily summary (guide/notifications-and-email.md#nudges). */
  nudge: { label: 'Nudge', badge: 'bg-lime-100 text-lime-800', dot: 'bg-lime-600' },
  assignment: { label: 'Assignment', badge: 'bg-blue-100 text-blue-800', dot: 'bg-blue-600' },
  reassignment: { label: 'Reassignment', badge: 'bg-indigo-100 text-indigo-800', dot: 'bg-indigo-600' },
  status_change: { label: 'Status change', badge: 'bg-purple-100 text-purple-800', dot: 'bg-purple-600' },
  review_ready: { label: 'Review ready', badge: 'bg-emerald-100 text-emerald-800', dot: 'bg-emerald-600' },
  file_upload: { label: 'File upload', badge: 'bg-cyan-100 text-cyan-800', dot: 'bg-cyan-600' },
  priority_change: { label: 'Priority change', badge: 'bg-pink-100 text-pink-800', dot: 'bg-pink-600' },
  mention: { label: 'Mention', badge: 'bg-violet-100 text-violet-800', dot: 'bg-violet-600' },
  /** A notification telling someone of a new message. */
  message: { label: 'New message', badge: 'bg-teal-100 text-teal-800', dot: 'bg-teal-600' },
  /** A request message itself (the feed's second source). */
  request_message: { label: 'Message', badge: 'bg-sky-100 text-sky-800', dot: 'bg-sky-600' },
};

const humanize = (type: string) => {
  const words = type.replace(/_/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Notification';
};

/** Types outside the spec's list (for example proof_ready) keep a neutral colour and a readable label. */
export function activityType(type: string): ActivityType {
  return Object.hasOwn(TYPES, type) ? TYPES[type] : { label: humanize(type), badge: 'bg-slate-100 text-slate-700', dot: 'bg-slate-400' };
}
