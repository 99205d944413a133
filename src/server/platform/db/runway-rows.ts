import type { TaskKind } from '../../../shared/domain/planning';
import type { Tx } from './client';
import { runwayItems, runways } from './schema';

export interface NewRunway {
  code: string;
  name: string;
  color: string;
  orderIndex: number;
  tasks: ReadonlyArray<{ name: string; kind: TaskKind; daysBefore: number; defaultAssigneeId?: string | null }>;
}

/**
 * Inserts runways with their recurring tasks (requirement items, in the order given): the one way
 * both the demo seed and an admin's 'Add the standard runways' write them (decision 0055). Answers
 * the rows in the order given.
 */
export async function insertRunways(tx: Tx, list: readonly NewRunway[]) {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(runways)
    .values(list.map((r) => ({ code: r.code, name: r.name, color: r.color, orderIndex: r.orderIndex })))
    .returning();
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const items = list.flatMap((r) =>
    r.tasks.map((task, j) => ({
      runwayId: byCode.get(r.code)!.id,
      title: task.name,
      type: 'requirement',
      kind: task.kind,
      daysBefore: task.daysBefore,
      defaultAssigneeId: task.defaultAssigneeId ?? null,
      orderIndex: j,
    })),
  );
  if (items.length > 0) await tx.insert(runwayItems).values(items);
  return list.map((r) => byCode.get(r.code)!);
}
