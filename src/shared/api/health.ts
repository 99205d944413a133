import { z } from 'zod';
import { HEALTH_SEVERITIES, HEALTH_STATUSES } from '../domain/planning';

/**
 * System health and system actions (guide/administration.md#system-health; guide/administration.md#system-actions, #system-health).
 * The spec's strings verbatim; the others (the confirmation's lead-in, the sync's error, the
 * counts) are ours, written to end the way the spec quotes them (decision 0023).
 */
export const HEALTH_MESSAGES = {
  title: 'System Health',
  runCheck: 'Run Health Check',
  checkComplete: 'Health Check Complete!',
  runFailed: 'Error running health check',
  fetchFailed: 'Error fetching logs',
  resolve: 'Resolve',
  resolved: 'Log marked as resolved',
  resolveFailed: 'Error marking as resolved',
  notResolvable: 'Only an unresolved Warning or Failed log can be resolved.',
  logNotFound: 'Log not found.',
  noLogs: 'No health checks have run yet.',
  systemActions: 'System Actions',
  cleanMondays: 'Clean Invalid Monday Records',
  cleanMondaysConfirm:
    "Remove every Sunday plan whose date is not a Sunday in the church's time zone, with its tasks and media? This action cannot be undone.",
  cleanupFailed: 'Error running cleanup',
  success: 'Success!',
  syncToSundays: 'Sync to Sundays',
  syncFailed: 'Error syncing to Sundays',
  sendAllReminders: 'Send All Task Reminders',
} as const;

/** 'Removed 2 invalid Monday records.' */
export const cleanupMessage = (removed: number) => `Removed ${removed} invalid Monday ${removed === 1 ? 'record' : 'records'}.`;

/** 'Created 3 Sunday plans and 12 plan items; skipped 1 locked Sunday.' */
export function syncMessage(plans: number, items: number, lockedSkipped: number): string {
  const made = `Created ${plans} Sunday ${plans === 1 ? 'plan' : 'plans'} and ${items} plan ${items === 1 ? 'item' : 'items'}`;
  if (lockedSkipped === 0) return `${made}.`;
  return `${made}; skipped ${lockedSkipped} locked ${lockedSkipped === 1 ? 'Sunday' : 'Sundays'}.`;
}

export const healthStatus = z.enum(HEALTH_STATUSES);
export const healthSeverity = z.enum(HEALTH_SEVERITIES);
export type HealthStatus = z.infer<typeof healthStatus>;
export type HealthSeverity = z.infer<typeof healthSeverity>;

export const healthLogEntry = z.object({
  id: z.string().uuid(),
  runId: z.string().uuid(),
  dateRun: z.string(),
  automationName: z.string(),
  status: healthStatus,
  severity: healthSeverity,
  summary: z.string(),
  details: z.string().nullable(),
  durationMs: z.number().int(),
  checkedByName: z.string().nullable(),
  resolved: z.boolean(),
  /** Resolve is offered for non-Passed, unresolved logs only (guide/administration.md#system-health). */
  canResolve: z.boolean(),
});
export type HealthLogEntry = z.infer<typeof healthLogEntry>;

export const healthLogResponse = z.object({ score: z.number().int(), logs: z.array(healthLogEntry) });
export type HealthLog = z.infer<typeof healthLogResponse>;

export const healthScoreResponse = z.object({ score: z.number().int() });
export type HealthScore = z.infer<typeof healthScoreResponse>;

export const healthRunResponse = z.object({ runId: z.string().uuid(), score: z.number().int(), checks: z.number().int() });
export type HealthRun = z.infer<typeof healthRunResponse>;

export const healthLogParams = z.object({ id: z.string().uuid() });

export const cleanupResponse = z.object({ removed: z.number().int(), message: z.string() });
export type CleanupResult = z.infer<typeof cleanupResponse>;

export const syncResponse = z.object({
  plansCreated: z.number().int(),
  itemsCreated: z.number().int(),
  lockedSkipped: z.array(z.string()),
  message: z.string(),
});
export type SyncResult = z.infer<typeof syncResponse>;
