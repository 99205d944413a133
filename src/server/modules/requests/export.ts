import type {
  ArchiveKind,
  ArchiveRow,
  IntakeFilters,
  IntakeListedRow,
  MyRequestsExportFilters,
  RequestListRow,
} from '../../../shared/api/requests';
import { statusLabel } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { dayOf, keysetBatches, requestUrl, type CsvColumn, type ExportEnv } from '../../platform/csv/csv-export';
import { listArchive, listIntakeBatch, listMyRequests } from './queries';

/**
 * The CSV exports of My Requests, the intake queue and the archive (decision 0032): the
 * list's own read (its filters, its scope, its keyset order) in batches of `batchSize` rows, and
 * the screen's columns with values for people: labels, not codes; names, not ids; dates as
 * yyyy-mm-dd in the church's time zone; and a link to the request.
 */
export function myRequestsColumns(env: ExportEnv): CsvColumn<RequestListRow>[] {
  return [
    { header: 'Request', value: (r) => r.eventTitle },
    { header: 'Ministry', value: (r) => r.ministryName },
    { header: 'Requester', value: (r) => r.requesterName },
    { header: 'Coordinator', value: (r) => r.coordinatorName ?? 'Unassigned' },
    { header: 'Status', value: (r) => statusLabel(r.status) },
    { header: 'Promo Starts', value: (r) => r.promotionStartDate },
    { header: 'Submitted', value: (r) => dayOf(r.submittedAt, env.timeZone) },
    { header: 'Link', value: (r) => requestUrl(env.appOrigin, r.id) },
  ];
}

export function myRequestsBatches(db: Executor, user: SessionUser, filters: MyRequestsExportFilters, env: ExportEnv) {
  return keysetBatches<RequestListRow, string>(async (cursor) => {
    const page = await listMyRequests(db, user, { ...filters, cursor: cursor ?? undefined }, { limit: env.batchSize, count: false });
    return { rows: page.rows, next: page.nextCursor };
  });
}

export function intakeColumns(env: ExportEnv): CsvColumn<IntakeListedRow>[] {
  return [
    { header: 'Request', value: (r) => r.eventTitle },
    { header: 'Requester', value: (r) => r.requesterName },
    { header: 'Ministry', value: (r) => r.ministryName },
    { header: 'Promo Starts', value: (r) => r.promotionStartDate },
    { header: 'Status', value: (r) => statusLabel(r.status) },
    { header: 'Link', value: (r) => requestUrl(env.appOrigin, r.id) },
  ];
}

export function intakeBatches(db: Executor, filters: Omit<IntakeFilters, 'cursor'>, env: ExportEnv) {
  return keysetBatches<IntakeListedRow, string>(async (cursor) => {
    const page = await listIntakeBatch(db, { ...filters, cursor: cursor ?? undefined }, { limit: env.batchSize, count: false });
    return { rows: page.rows, next: page.nextCursor };
  });
}

export function archiveColumns(env: ExportEnv): CsvColumn<ArchiveRow>[] {
  return [
    { header: 'Event', value: (r) => r.eventTitle },
    { header: 'Tier', value: (r) => r.tier },
    { header: 'Ministry', value: (r) => r.ministryName },
    { header: 'Requester', value: (r) => r.requesterName },
    { header: 'Event Date', value: (r) => r.eventStartDate },
    { header: 'Archived', value: (r) => dayOf(r.archivedAt, env.timeZone) },
    { header: 'Archived By', value: (r) => r.archivedByName },
    { header: 'Link', value: (r) => requestUrl(env.appOrigin, r.id) },
  ];
}

export function archiveBatches(db: Executor, user: SessionUser, kind: ArchiveKind, env: ExportEnv) {
  return keysetBatches<ArchiveRow, string>(async (cursor) => {
    const page = await listArchive(db, user, kind, cursor ?? undefined, { limit: env.batchSize, count: false });
    return { rows: page.rows, next: page.nextCursor };
  });
}
