import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  PLANNING_FILE_URL,
  videoCounts,
  type SlidesResponse,
  type SocialResponse,
  type VideosResponse,
} from '../../../shared/api/sunday-media';
import { isSunday } from '../../../shared/domain/dates';
import { SUNDAY_MESSAGES } from '../../../shared/domain/planning';
import type { Role } from '../../../shared/domain/roles';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { sundayLockInstantSql } from '../../commands/sunday-edit';
import {
  ministries,
  requests,
  slides,
  socialMediaPosts,
  sundayPlans,
  sundayVideoItems,
  users,
  type LockedRecurringSlides,
} from '../../platform/db/schema';
import { badRequest } from '../../platform/errors';
import { mediaPolicy } from './policy';

/**
 * Reads of the media editors: one query per list (guide/sunday-planning.md#the-media-editor). Each answer carries the
 * whole-service plan's version (0 before its first save), the Sunday's lock and what the caller
 * may do, so the editor shows only what the server will allow.
 */
type Actor = Pick<SessionUser, 'id' | 'role'>;

/** Owner pickers (guide/sunday-planning.md#the-media-editor): admins, coordinators and creatives; videos' owner picker also lists approvers. */
export const VIDEO_OWNER_ROLES: readonly Role[] = ['admin', 'coordinator', 'creative', 'approver'];
/** Weekly slides are made by the same people as videos. */
export const SLIDE_OWNER_ROLES = VIDEO_OWNER_ROLES;
export const SOCIAL_OWNER_ROLES: readonly Role[] = ['admin', 'coordinator', 'creative'];

/**
 * Campaign options (guide/sunday-planning.md#the-media-editor names approved, in_progress and scheduled; in_progress is not a
 * request status here, in_production is its meaning: decision 0016).
 */
export const CAMPAIGN_STATUSES = ['approved', 'in_production', 'scheduled'] as const;

export interface SundayState {
  planId: string | null;
  version: number;
  isLocked: boolean;
}

export function assertSunday(date: string): void {
  if (!isSunday(date)) throw badRequest(SUNDAY_MESSAGES.notSunday);
}

/** The service plan (id, version) and whether any plan of the date is locked, in one query. */
export async function sundayState(db: Executor, date: string): Promise<SundayState> {
  const [row] = await db
    .select({
      planId: sql<string | null>`(array_agg(${sundayPlans.id}) filter (where ${sundayPlans.runwayId} is null))[1]`,
      version: sql<number | null>`max(${sundayPlans.version}) filter (where ${sundayPlans.runwayId} is null)`,
      isLocked: sql<boolean | null>`bool_or(${sundayPlans.isLocked})`,
    })
    .from(sundayPlans)
    .where(eq(sundayPlans.sundayDate, date));
  return { planId: row?.planId ?? null, version: Number(row?.version ?? 0), isLocked: !!row?.isLocked };
}

function stateFor(user: Actor, date: string, s: SundayState) {
  return { sundayDate: date, version: s.version, isLocked: s.isLocked, canEdit: mediaPolicy.edit.allows(user, s) };
}

export async function ownerCandidates(db: Executor, roles: readonly Role[]) {
  return db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.active, true), eq(users.isExternal, false), inArray(users.role, [...roles])))
    .orderBy(asc(users.fullName), asc(users.id));
}

const onServicePlan = (date: string, sundayId: typeof sundayVideoItems.sundayId | typeof socialMediaPosts.sundayId) =>
  and(eq(sundayPlans.id, sundayId), eq(sundayPlans.sundayDate, date), isNull(sundayPlans.runwayId));

export async function readVideos(db: Executor, user: Actor, date: string): Promise<VideosResponse> {
  assertSunday(date);
  const state = await sundayState(db, date);
  const videos = await db
    .select({
      id: sundayVideoItems.id,
      title: sundayVideoItems.title,
      type: sundayVideoItems.type,
      ministryId: sundayVideoItems.ministryId,
      ministryName: ministries.name,
      description: sundayVideoItems.description,
      status: sundayVideoItems.status,
      ownerId: sundayVideoItems.ownerId,
      ownerName: users.fullName,
      durationSeconds: sundayVideoItems.durationSeconds,
      orderInService: sundayVideoItems.orderInService,
      response: sundayVideoItems.response,
      responseReason: sundayVideoItems.responseReason,
    })
    .from(sundayVideoItems)
    .innerJoin(sundayPlans, onServicePlan(date, sundayVideoItems.sundayId))
    .leftJoin(users, eq(users.id, sundayVideoItems.ownerId))
    .leftJoin(ministries, eq(ministries.id, sundayVideoItems.ministryId))
    .orderBy(asc(sundayVideoItems.orderInService), asc(sundayVideoItems.title), asc(sundayVideoItems.id));
  const owners = await ownerCandidates(db, VIDEO_OWNER_ROLES);
  const ministryRows = await db
    .select({ id: ministries.id, name: ministries.name })
    .from(ministries)
    .where(eq(ministries.active, true))
    .orderBy(asc(ministries.name));
  return {
    ...stateFor(user, date, state),
    videos: videos as VideosResponse['videos'],
    counts: videoCounts(videos.map((v) => v.status)),
    owners,
    ministries: ministryRows,
  };
}

/**
 * The recurring slides a locked Sunday keeps as its own (decision 0053): the copy on its service
 * plan taken under its current lock, or null when it has none and shows the shared set (nothing
 * of the shared set changed since the lock).
 */
export async function lockedDeckOf(db: Executor, date: string): Promise<LockedRecurringSlides['slides'] | null> {
  const [row] = await db
    .select({ copy: sundayPlans.lockedRecurringSlides })
    .from(sundayPlans)
    .where(
      and(
        eq(sundayPlans.sundayDate, date),
        isNull(sundayPlans.runwayId),
        sql`(${sundayPlans.lockedRecurringSlides}->>'lockedAt')::timestamptz is not distinct from ${sundayLockInstantSql('sunday_plans.sunday_date')}`,
      ),
    );
  return row?.copy ? row.copy.slides : null;
}

const slideOrder = (a: { orderIndex: number; title: string; id: string }, b: { orderIndex: number; title: string; id: string }) =>
  a.orderIndex - b.orderIndex || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export async function readSlides(db: Executor, user: Actor, date: string): Promise<SlidesResponse> {
  assertSunday(date);
  const state = await sundayState(db, date);
  const kept = state.isLocked ? await lockedDeckOf(db, date) : null;
  // Recurring (no Sunday) and this Sunday's weekly slides in one query, split below.
  const rows = await db
    .select({
      id: slides.id,
      title: slides.title,
      type: slides.type,
      active: slides.active,
      orderIndex: slides.orderIndex,
      ownerId: slides.ownerId,
      ownerName: users.fullName,
      isComplete: slides.isComplete,
    })
    .from(slides)
    .leftJoin(sundayPlans, eq(sundayPlans.id, slides.sundayId))
    .leftJoin(users, eq(users.id, slides.ownerId))
    .where(
      sql`(${slides.type} = 'recurring' and ${slides.sundayId} is null) or (${slides.type} = 'weekly' and ${sundayPlans.sundayDate} = ${date} and ${sundayPlans.runwayId} is null)`,
    )
    .orderBy(asc(slides.orderIndex), asc(slides.title), asc(slides.id));
  const typed = rows as SlidesResponse['recurring'];
  const recurring = kept
    ? [...kept].sort(slideOrder).map((s) => ({ ...s, type: 'recurring' as const, ownerId: null, ownerName: null, isComplete: false }))
    : typed.filter((s) => s.type === 'recurring');
  return {
    ...stateFor(user, date, state),
    canEditRecurring: mediaPolicy.editRecurring.allows(user, state),
    recurring,
    weekly: typed.filter((s) => s.type === 'weekly'),
    owners: await ownerCandidates(db, SLIDE_OWNER_ROLES),
  };
}

export async function campaignOptions(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ title: requests.eventTitle })
    .from(requests)
    .where(and(inArray(requests.status, [...CAMPAIGN_STATUSES]), isNull(requests.archivedAt)))
    .orderBy(asc(requests.eventTitle));
  return rows.map((r) => r.title);
}

export async function readSocial(db: Executor, user: Actor, date: string): Promise<SocialResponse> {
  assertSunday(date);
  const state = await sundayState(db, date);
  const posts = await db
    .select({
      id: socialMediaPosts.id,
      platform: socialMediaPosts.platform,
      postType: socialMediaPosts.postType,
      postDatetime: socialMediaPosts.postDatetime,
      status: socialMediaPosts.status,
      campaignTag: socialMediaPosts.campaignTag,
      ownerId: socialMediaPosts.ownerId,
      ownerName: users.fullName,
      caption: socialMediaPosts.caption,
      hashtags: socialMediaPosts.hashtags,
      assets: socialMediaPosts.assets,
      response: socialMediaPosts.response,
      responseReason: socialMediaPosts.responseReason,
    })
    .from(socialMediaPosts)
    .innerJoin(sundayPlans, onServicePlan(date, socialMediaPosts.sundayId))
    .leftJoin(users, eq(users.id, socialMediaPosts.ownerId))
    .orderBy(asc(socialMediaPosts.postDatetime), asc(socialMediaPosts.id));
  const owners = await ownerCandidates(db, SOCIAL_OWNER_ROLES);
  const options = await campaignOptions(db);
  return {
    ...stateFor(user, date, state),
    canLock: mediaPolicy.lock.allows(user, state),
    posts: posts.map((p) => ({
      ...p,
      postDatetime: p.postDatetime.toISOString(),
      // Only planning-file assets are ever saved; anything else (older data) is not shown.
      assets: p.assets.filter((a) => PLANNING_FILE_URL.test(a?.url ?? '') && (a.type === 'image' || a.type === 'video')),
    })) as SocialResponse['posts'],
    owners,
    campaignOptions: options,
  };
}
