import { randomBytes } from 'node:crypto';
import type { Executor } from '../platform/db/client';
import type { BlobStore } from '../platform/files/blob-store';
import { and, eq, isNull } from 'drizzle-orm';
import {
  notifications,
  requestAssets,
  requestItems,
  requests,
  requestViewers,
  runways,
  socialMediaPosts,
  sundayPlanItems,
  sundayPlans,
  sundayVideoItems,
  slides,
} from '../platform/db/schema';
import { ROLES, type Role } from '../../shared/domain/roles';
import type { Relation, RowKind } from './access-table';
import { buildUser } from './factories';
import { SAMPLE_FILES } from './sample-files';

/**
 * Real rows for the authorization matrix: people who are not the caller ("others") and rows that
 * belong to them, or to the caller by one relation (access-table.ts `Relation`).
 */
export interface Cast {
  /** One caller per role. */
  me: Record<Role, string>;
  otherRequester: string;
  otherCreative: string;
  otherCoordinator: string;
  otherViewer: string;
}

export async function buildCast(db: Executor): Promise<Cast> {
  const me = {} as Record<Role, string>;
  for (const role of ROLES) me[role] = (await buildUser(db, { role })).id;
  return {
    me,
    otherRequester: (await buildUser(db, { role: 'requester' })).id,
    otherCreative: (await buildUser(db, { role: 'creative' })).id,
    otherCoordinator: (await buildUser(db, { role: 'coordinator' })).id,
    otherViewer: (await buildUser(db, { role: 'viewer' })).id,
  };
}

export interface RowSet {
  requestId: string;
  itemId: string;
  assetId: string;
  notificationId: string;
  version: number;
  /** Sunday work assigned to the shape's assignee (built only when the shape asks for it). */
  sundayTaskId?: string;
  sundayVideoId?: string;
  sundaySlideId?: string;
  sundayPostId?: string;
}

export interface RowShape {
  requesterId: string;
  coordinatorId: string;
  assigneeId: string;
  viewerIds: string[];
  /** The notification's recipient. */
  recipientId: string;
  status?: string;
  itemStatus?: string;
  /** The item is an additional channel waiting in the approvals queue (guide/requests.md#the-new-request-form). */
  pendingApproval?: boolean;
  /** Also a Sunday plan item, video, weekly slide and social post assigned to the assignee (decision 0058). */
  sundayWork?: boolean;
}

/** An open Sunday far ahead, never locked by the matrix, that holds the Sunday work rows. */
const MATRIX_SUNDAY = '2031-03-02';

async function buildSundayWork(db: Executor, assigneeId: string) {
  await db.insert(runways).values({ code: 'media', name: 'Media' }).onConflictDoNothing();
  const [runway] = await db.select({ id: runways.id }).from(runways).where(eq(runways.code, 'media'));
  await db
    .insert(sundayPlans)
    .values([{ sundayDate: MATRIX_SUNDAY }, { sundayDate: MATRIX_SUNDAY, runwayId: runway.id }])
    .onConflictDoNothing();
  const [service] = await db
    .select({ id: sundayPlans.id })
    .from(sundayPlans)
    .where(and(eq(sundayPlans.sundayDate, MATRIX_SUNDAY), isNull(sundayPlans.runwayId)));
  const [runwayPlan] = await db
    .select({ id: sundayPlans.id })
    .from(sundayPlans)
    .where(and(eq(sundayPlans.sundayDate, MATRIX_SUNDAY), eq(sundayPlans.runwayId, runway.id)));
  const tag = randomBytes(3).toString('hex');
  const [task] = await db
    .insert(sundayPlanItems)
    .values({ sundayPlanId: runwayPlan.id, taskName: `Matrix task ${tag}`, assignedToId: assigneeId })
    .returning();
  const [video] = await db
    .insert(sundayVideoItems)
    .values({ sundayId: service.id, title: `Matrix video ${tag}`, ownerId: assigneeId })
    .returning();
  const [slide] = await db
    .insert(slides)
    .values({ sundayId: service.id, type: 'weekly', title: `Matrix slide ${tag}`, ownerId: assigneeId })
    .returning();
  const [post] = await db
    .insert(socialMediaPosts)
    .values({ sundayId: service.id, postDatetime: new Date(`${MATRIX_SUNDAY}T14:00:00Z`), ownerId: assigneeId })
    .returning();
  return { sundayTaskId: task.id, sundayVideoId: video.id, sundaySlideId: slide.id, sundayPostId: post.id };
}

/** A real PNG: uploads are decoded, not only checked by their first bytes (decision 0008). */
export const PNG = SAMPLE_FILES.png;

/** A request with one item, a proof of that item (a stored file), its viewers and a notification about it. */
export async function buildRows(db: Executor, files: BlobStore, shape: RowShape): Promise<RowSet> {
  const [request] = await db
    .insert(requests)
    .values({
      eventTitle: `Matrix ${randomBytes(3).toString('hex')}`,
      requesterId: shape.requesterId,
      currentCoordinatorId: shape.coordinatorId,
      // Submitted: the one status in which the requester may still edit the details (guide/requests.md#submission-rules).
      status: shape.status ?? 'submitted',
      tier: 'C',
    })
    .returning();
  const [item] = await db
    .insert(requestItems)
    .values({
      requestId: request.id,
      channel: shape.pendingApproval ? 'banner' : 'sunday_slide',
      assigneeId: shape.assigneeId,
      status: shape.itemStatus ?? 'in_progress',
      ...(shape.pendingApproval ? { isAdditionalRequest: true, additionalRequestStatus: 'pending' } : {}),
    })
    .returning();
  const storageKey = await files.put(PNG, 'png');
  const [asset] = await db
    .insert(requestAssets)
    .values({ requestId: request.id, itemId: item.id, fileName: 'proof.png', storageKey, fileSize: PNG.length, fileType: 'image/png' })
    .returning();
  if (shape.viewerIds.length) {
    await db.insert(requestViewers).values(shape.viewerIds.map((userId) => ({ requestId: request.id, userId })));
  }
  const [notice] = await db
    .insert(notifications)
    .values({ userId: shape.recipientId, title: 'Matrix notice', type: 'status_change', requestId: request.id })
    .returning();
  const sunday = shape.sundayWork ? await buildSundayWork(db, shape.assigneeId) : {};
  return { requestId: request.id, itemId: item.id, assetId: asset.id, notificationId: notice.id, version: request.version, ...sunday };
}

/** Rows of other people: the caller neither requested, coordinates, works, is shared on, nor receives them. */
export function othersShape(cast: Cast): RowShape {
  return {
    requesterId: cast.otherRequester,
    coordinatorId: cast.otherCoordinator,
    assigneeId: cast.otherCreative,
    viewerIds: [cast.otherViewer],
    recipientId: cast.otherRequester,
  };
}

/** The same rows, made the caller's by one relation. */
export function ownShape(cast: Cast, me: string, relation: Relation): RowShape {
  const shape = othersShape(cast);
  switch (relation) {
    case 'requester':
      return { ...shape, requesterId: me };
    case 'shared':
      return { ...shape, viewerIds: [...shape.viewerIds, me] };
    case 'assigned':
      return { ...shape, assigneeId: me };
    case 'recipient':
      return { ...shape, recipientId: me };
  }
}

export function rowId(rows: RowSet, kind: RowKind): string | undefined {
  return {
    request: rows.requestId,
    item: rows.itemId,
    asset: rows.assetId,
    notification: rows.notificationId,
    sundayTask: rows.sundayTaskId,
    sundayVideo: rows.sundayVideoId,
    sundaySlide: rows.sundaySlideId,
    sundayPost: rows.sundayPostId,
  }[kind];
}

/** Whether a row kind is Sunday work, whose rows buildRows makes only when asked. */
export const isSundayWork = (kind: RowKind) => kind.startsWith('sunday');
