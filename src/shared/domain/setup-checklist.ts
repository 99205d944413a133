/**
 * The first-run setup checklist: what a church's first admin goes through before the team starts.
 * A step is done when the church's data shows it (a runway with its tasks, a ministry, a second
 * person), or when the admin marks a review step done; any step can be dismissed. The list stays
 * until every step is done or dismissed.
 */
export const SETUP_STEP_KEYS = ['church', 'ministries', 'tiers', 'runways', 'lock', 'team', 'email', 'landing'] as const;
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number];

export interface SetupStepDefinition {
  key: SetupStepKey;
  title: string;
  description: string;
  /** The screen that does the step. */
  path: string;
  /** The link's words. */
  action: string;
  /** Whether the data shows the step done by itself; otherwise the admin marks it done after review. */
  detected: boolean;
}

export const SETUP_STEPS: readonly SetupStepDefinition[] = [
  {
    key: 'church',
    title: 'Church name, time zone and contact e-mail',
    description: 'Shown on the landing page and in e-mails; the time zone sets every Sunday and due date.',
    path: '/admin/church',
    action: 'Edit church details',
    detected: true,
  },
  {
    key: 'ministries',
    title: 'Ministries',
    description: 'The ministries that ask for promotion, each with its usual tier.',
    path: '/admin/settings#ministries-heading',
    action: 'Add ministries',
    detected: true,
  },
  {
    key: 'tiers',
    title: 'Tiers and channels',
    description: 'Review the communication tiers, their lead times and channels, and which channels need approval (Admin > Channels).',
    path: '/admin/tiers',
    action: 'Review tiers and channels',
    detected: false,
  },
  {
    key: 'runways',
    title: 'Runways and their recurring tasks',
    description: 'The Sunday runways and the tasks each Sunday needs; start from the standard five and edit them.',
    path: '/runways/manage',
    action: 'Set up runways',
    detected: true,
  },
  {
    key: 'lock',
    title: 'The lock rule',
    description: 'When each Sunday locks before the service, or no automatic lock.',
    path: '/admin/settings#sunday-auto-lock-heading',
    action: 'Review the lock rule',
    detected: false,
  },
  {
    key: 'team',
    title: 'Invite the team',
    description: 'Coordinators, approvers, creatives and the ministry staff who submit requests.',
    path: '/admin/settings#users-heading',
    action: 'Invite people',
    detected: true,
  },
  {
    key: 'email',
    title: 'E-mail delivery',
    description: 'Set SMTP_URL so invitations, assignments and reminders reach people; until then e-mails wait in the outbox.',
    path: '/admin/system-health',
    action: 'Check e-mail delivery',
    detected: true,
  },
  {
    key: 'landing',
    title: 'The landing page',
    description: 'The public page: what the team does, the tiers, how to ask.',
    path: '/admin/content',
    action: 'Edit the landing page',
    detected: true,
  },
];

/** What the church's data shows, read in one statement. */
export type DetectedStepKey = 'church' | 'ministries' | 'runways' | 'team' | 'email' | 'landing';
export type SetupFacts = Record<DetectedStepKey, boolean>;

/** The admin's marks: review steps marked done, and steps dismissed. */
export interface SetupMarks {
  done: readonly string[];
  dismissed: readonly string[];
}

export type SetupStepStatus = 'done' | 'dismissed' | 'open';

export function setupStepStatus(step: SetupStepDefinition, facts: SetupFacts, marks: SetupMarks): SetupStepStatus {
  const detectedDone = step.detected && facts[step.key as DetectedStepKey];
  if (detectedDone || (!step.detected && marks.done.includes(step.key))) return 'done';
  if (marks.dismissed.includes(step.key)) return 'dismissed';
  return 'open';
}

/** Steps still open: the checklist is complete at zero. */
export function openSetupSteps(facts: SetupFacts, marks: SetupMarks): SetupStepKey[] {
  return SETUP_STEPS.filter((step) => setupStepStatus(step, facts, marks) === 'open').map((step) => step.key);
}
