import type { Executor } from '../platform/db/client';
import { activityLog } from '../platform/db/schema';

export interface ActivityEntry {
  requestId: string;
  userId: string | null;
  actionType: string;
  oldValue?: string | null;
  newValue?: string | null;
  notes?: string | null;
}

/** Appends activity rows inside the caller's transaction. */
export async function appendActivity(tx: Executor, entries: ActivityEntry | ActivityEntry[]): Promise<void> {
  const rows = Array.isArray(entries) ? entries : [entries];
  if (rows.length === 0) return;
  await tx.insert(activityLog).values(
    rows.map((e) => ({
      requestId: e.requestId,
      userId: e.userId,
      actionType: e.actionType,
      oldValue: e.oldValue ?? null,
      newValue: e.newValue ?? null,
      notes: e.notes ?? null,
    })),
  );
}
