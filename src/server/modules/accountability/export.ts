import type { AccountabilityTable, FlaggedEvent, FlaggedItem, UnassignedRequest, WorkloadCard } from '../../../shared/api/accountability';
import { todayIn } from '../../../shared/domain/dates';
import { statusLabel } from '../../../shared/domain/statuses';
import type { Executor } from '../../platform/db/client';
import { dayOf, keysetBatches, requestUrl, type CsvColumn, type ExportEnv } from '../../platform/csv/csv-export';
import { eventsNotReadyBatch, flaggedItemsBatch, unassignedRequestsBatch, workload } from './queries';

/**
 * The CSV exports of Accountability & Gaps (decision 0032): each table of the screen as
 * a whole list, read in keyset batches in the screen's order, with the screen's column names.
 * "Today" and "now" are fixed when the export starts, so every batch reads the same list.
 */
export interface AccountabilityExport<T> {
  columns: CsvColumn<T>[];
  batches: AsyncGenerator<T[]>;
}

const itemColumns = (env: ExportEnv): CsvColumn<FlaggedItem>[] => [
  { header: 'Event', value: (r) => r.eventTitle },
  { header: 'Channel', value: (r) => env.channelLabel(r.channel) },
  { header: 'Status', value: (r) => statusLabel(r.status) },
  { header: 'Due Date', value: (r) => r.dueDate },
  { header: 'Assignee', value: (r) => r.assigneeName ?? 'Unassigned' },
  { header: 'Link', value: (r) => requestUrl(env.appOrigin, r.requestId) },
];

const eventColumns = (env: ExportEnv): CsvColumn<FlaggedEvent>[] => [
  { header: 'Event', value: (r) => r.eventTitle },
  { header: 'Event Date', value: (r) => r.eventStartDate },
  { header: 'Ready (%)', value: (r) => r.readinessPct },
  { header: 'Items Done', value: (r) => r.doneItems },
  { header: 'Items', value: (r) => r.totalItems },
  { header: 'Link', value: (r) => requestUrl(env.appOrigin, r.requestId) },
];

const unassignedColumns = (env: ExportEnv): CsvColumn<UnassignedRequest>[] => [
  { header: 'Event', value: (r) => r.eventTitle },
  { header: 'Ministry', value: (r) => r.ministryName },
  { header: 'Submitted', value: (r) => dayOf(r.submittedAt, env.timeZone) },
  { header: 'Waiting (hours)', value: (r) => r.hoursWaiting },
  { header: 'Link', value: (r) => requestUrl(env.appOrigin, r.requestId) },
];

const workloadColumns: CsvColumn<WorkloadCard>[] = [
  { header: 'Name', value: (r) => r.fullName },
  { header: 'Active Tasks', value: (r) => r.activeTasks },
  { header: 'Workload (%)', value: (r) => r.percent },
];

async function* once<T>(read: () => Promise<T[]>): AsyncGenerator<T[]> {
  yield await read();
}

/** The columns and the batches of one table; a different T per table, hence the union answer. */
export function accountabilityExport(
  db: Executor,
  table: AccountabilityTable,
  env: ExportEnv,
  now = new Date(),
):
  | AccountabilityExport<FlaggedItem>
  | AccountabilityExport<FlaggedEvent>
  | AccountabilityExport<UnassignedRequest>
  | AccountabilityExport<WorkloadCard> {
  const today = todayIn(env.timeZone, now);
  switch (table) {
    case 'overdue-items':
    case 'at-risk-items': {
      const list = table === 'overdue-items' ? 'overdue' : 'at-risk';
      return {
        columns: itemColumns(env),
        batches: keysetBatches<FlaggedItem, string[]>((after) => flaggedItemsBatch(db, list, today, after, env.batchSize)),
      };
    }
    case 'events-not-ready':
      return {
        columns: eventColumns(env),
        batches: keysetBatches<FlaggedEvent, string[]>((after) => eventsNotReadyBatch(db, today, after, env.batchSize)),
      };
    case 'unassigned-requests':
      return {
        columns: unassignedColumns(env),
        batches: keysetBatches<UnassignedRequest, string[]>((after) => unassignedRequestsBatch(db, now, after, env.batchSize)),
      };
    case 'team-workload':
      return { columns: workloadColumns, batches: once(() => workload(db, null)) };
  }
}
