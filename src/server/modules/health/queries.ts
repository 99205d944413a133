import { desc, eq, inArray } from 'drizzle-orm';
import type { HealthLogEntry, HealthSeverity, HealthStatus } from '../../../shared/api/health';
import { healthScore } from '../../../shared/domain/planning-rules';
import type { PermissionUser } from '../../../shared/domain/request-permissions';
import type { Executor } from '../../platform/db/client';
import { systemHealthLog, users } from '../../platform/db/schema';
import { healthPolicy } from './policy';

/** The log list reads the latest 100 rows, newest first (guide/administration.md#system-health). */
export const LOG_LIMIT = 100;

const columns = {
  id: systemHealthLog.id,
  runId: systemHealthLog.runId,
  dateRun: systemHealthLog.dateRun,
  automationName: systemHealthLog.automationName,
  status: systemHealthLog.status,
  severity: systemHealthLog.severity,
  summary: systemHealthLog.summary,
  details: systemHealthLog.details,
  durationMs: systemHealthLog.durationMs,
  checkedByName: users.fullName,
  resolved: systemHealthLog.resolved,
};

const selectLogs = (db: Executor) => db.select(columns).from(systemHealthLog).leftJoin(users, eq(users.id, systemHealthLog.checkedBy));
type LogRow = Awaited<ReturnType<typeof selectLogs>>[number];

export function presentLog(row: LogRow, user: PermissionUser): HealthLogEntry {
  return {
    ...row,
    status: row.status as HealthStatus,
    severity: row.severity as HealthSeverity,
    dateRun: row.dateRun.toISOString(),
    canResolve: healthPolicy.resolve.allows(user, row),
  };
}

export async function listLogs(db: Executor, user: PermissionUser): Promise<HealthLogEntry[]> {
  const rows = await selectLogs(db).orderBy(desc(systemHealthLog.dateRun), systemHealthLog.automationName).limit(LOG_LIMIT);
  return rows.map((r) => presentLog(r, user));
}

export async function findLog(db: Executor, id: string, user: PermissionUser): Promise<HealthLogEntry | null> {
  const [row] = await selectLogs(db).where(eq(systemHealthLog.id, id));
  return row ? presentLog(row, user) : null;
}

/** The score over the latest run (guide/administration.md#system-health); 100 when no audit has run. */
export async function latestScore(db: Executor): Promise<number> {
  const latest = db.select({ runId: systemHealthLog.runId }).from(systemHealthLog).orderBy(desc(systemHealthLog.dateRun)).limit(1);
  const rows = await db.select({ status: systemHealthLog.status }).from(systemHealthLog).where(inArray(systemHealthLog.runId, latest));
  return healthScore(rows.map((r) => r.status));
}
