import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  assetKindOf,
  defaultPostDatetime,
  NEW_POST_PREFIX,
  PLANNING_FILE_URL,
  SUNDAY_MEDIA_MESSAGES,
  type saveSlidesBody,
  type saveSocialBody,
  type saveVideosBody,
  type SlidesResponse,
  type SocialResponse,
  type VideosResponse,
} from '../../../shared/api/sunday-media';
import type { Role } from '../../../shared/domain/roles';
import { refuseNewlyBlockedOut } from '../../commands/assignment-answer';
import { keepLockedSundaysDecks, openSundayForEdit, sundayIsLocked } from '../../commands/sunday-edit';
import { tellSundayAssignees, type SundayAssignment } from '../../commands/sunday-assignment';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import {
  ministries,
  planningFiles,
  slides,
  socialMediaPosts,
  sundayPlans,
  sundayVideoItems,
  users,
  type LockedRecurringSlides,
} from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { badRequest, notFound } from '../../platform/errors';
import {
  assertSunday,
  campaignOptions,
  readSlides,
  readSocial,
  readVideos,
  SLIDE_OWNER_ROLES,
  SOCIAL_OWNER_ROLES,
  VIDEO_OWNER_ROLES,
} from './queries';

/**
 * Saves of the media editors (guide/sunday-planning.md#the-media-editor, decision 0014): each is one transaction that
 * goes through `openSundayForEdit` on the Sunday's whole-service plan (lock, version, bump), checks
 * every id belongs to that plan and every owner, ministry and asset is one the editor may name,
 * then upserts on id and answers the fresh listing. Bad input throws before the commit: nothing changes.
 */
type Actor = Pick<SessionUser, 'id' | 'role'>;

/** Everything of Sunday plans and media is the 'sundays' topic, for coordinators and above. */
export const sundaysEvent = (date: string): AppEvent => ({ topic: 'sundays', id: date, audience: { minRole: 'coordinator' } });

/** Ids the body names that are not rows of this Sunday: 404, the row is not here. */
function ownedOrThrow(given: Iterable<string>, existing: Set<string>): void {
  for (const id of given) if (!existing.has(id)) throw notFound(SUNDAY_MEDIA_MESSAGES.notOfSunday);
}

/**
 * A new or changed owner must be an active candidate, and one the save newly puts on the Sunday must
 * not be blocked out that day unless the coordinator confirmed (guide/sunday-planning.md#blockout-dates);
 * an owner already on the row may stay without either check.
 */
async function checkOwners(
  tx: Tx,
  date: string,
  wanted: Array<{ ownerId: string | null; before: string | null | undefined }>,
  roles: readonly Role[],
  confirmBlockout: boolean,
) {
  const changed = [...new Set(wanted.filter((w) => w.ownerId && w.ownerId !== w.before).map((w) => w.ownerId!))];
  if (changed.length === 0) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, changed), eq(users.active, true), eq(users.isExternal, false), inArray(users.role, [...roles])));
  if (found.length !== changed.length) throw badRequest(SUNDAY_MEDIA_MESSAGES.ownerNotCandidate);
  await refuseNewlyBlockedOut(
    tx,
    date,
    wanted.map((w) => ({ assigneeId: w.ownerId, before: w.before })),
    confirmBlockout,
  );
}

// ---------------------------------------------------------------- videos

export async function saveVideos(
  ctx: AppContext,
  user: Actor,
  date: string,
  body: z.output<typeof saveVideosBody>,
): Promise<VideosResponse> {
  return inTransaction(ctx, async (tx, events) => {
    const plan = await openSundayForEdit(tx, user, date, null, body.version);
    const existing = await tx
      .select({ id: sundayVideoItems.id, ownerId: sundayVideoItems.ownerId })
      .from(sundayVideoItems)
      .where(eq(sundayVideoItems.sundayId, plan.id));
    const ownerBefore = new Map(existing.map((v) => [v.id, v.ownerId]));
    const ids = new Set(ownerBefore.keys());
    const updates = body.videos.filter((v) => v.id);
    ownedOrThrow([...updates.map((v) => v.id!), ...body.deleted], ids);
    if (updates.some((v) => body.deleted.includes(v.id!))) throw badRequest('A video cannot be saved and deleted at once.');
    const owners = body.videos.map((v) => ({ ownerId: v.ownerId, before: v.id ? ownerBefore.get(v.id) : undefined }));
    await checkOwners(tx, date, owners, VIDEO_OWNER_ROLES, body.confirmBlockout);
    await checkMinistries(
      tx,
      body.videos.map((v) => v.ministryId),
    );

    if (body.deleted.length) {
      await tx.delete(sundayVideoItems).where(and(eq(sundayVideoItems.sundayId, plan.id), inArray(sundayVideoItems.id, body.deleted)));
    }
    for (const { id, ...values } of updates) {
      await tx
        .update(sundayVideoItems)
        .set(values)
        .where(and(eq(sundayVideoItems.id, id!), eq(sundayVideoItems.sundayId, plan.id)));
    }
    const inserts = body.videos.filter((v) => !v.id).map(({ id: _id, ...values }) => ({ ...values, sundayId: plan.id }));
    const added = inserts.length
      ? await tx
          .insert(sundayVideoItems)
          .values(inserts)
          .returning({ id: sundayVideoItems.id, title: sundayVideoItems.title, ownerId: sundayVideoItems.ownerId })
      : [];
    await tellSundayAssignees(
      tx,
      events,
      user.id,
      [
        ...updates.map((v) => ({ id: v.id!, title: v.title, ownerId: v.ownerId, before: ownerBefore.get(v.id!) })),
        ...added.map((v) => ({ ...v, before: undefined })),
      ].map((v) => ({ kind: 'video', id: v.id, sundayDate: date, label: v.title, assigneeId: v.ownerId, before: v.before })),
      ctx.config.appOrigin,
    );
    events.push(sundaysEvent(date));
    return readVideos(tx, user, date);
  });
}

async function checkMinistries(tx: Tx, named: Array<string | null>) {
  const ids = [...new Set(named.filter((id): id is string => !!id))];
  if (ids.length === 0) return;
  const found = await tx.select({ id: ministries.id }).from(ministries).where(inArray(ministries.id, ids));
  if (found.length !== ids.length) throw badRequest(SUNDAY_MEDIA_MESSAGES.unknownMinistry);
}

// ---------------------------------------------------------------- slides

type SlideRow = { id: string; title: string; active: boolean; orderIndex: number; ownerId?: string | null; isComplete?: boolean };
type SlideIn = z.output<typeof saveSlidesBody>['recurring'][number];
/** A recurring slide is its title, state and place; a weekly one also its owner and whether it is done. */
const sameSlide = (a: SlideRow, b: SlideIn, weekly = false) =>
  a.title === b.title &&
  a.active === b.active &&
  a.orderIndex === b.orderIndex &&
  (!weekly || ((a.ownerId ?? null) === b.ownerId && (a.isComplete ?? false) === b.isComplete));
/** The rows the body adds or changes; unchanged rows are not written. */
const changedSlides = (given: SlideIn[], current: Map<string, SlideRow>, weekly = false) =>
  given.filter((s) => !s.id || !sameSlide(current.get(s.id)!, s, weekly));

/**
 * Saves the Slide Deck. Weekly slides hang on the service plan and go through the Sunday guard
 * (lock and version) when any of them is added, changed or deleted. Recurring slides are shared
 * by every Sunday that is not locked: on an open Sunday a save that touches only them needs
 * coordinator rank and nothing of this Sunday's version (decision 0016), and first gives every
 * locked Sunday its own copy of the set as it stands, so the change leaves locked decks as they
 * were. On a locked Sunday any change is the Sunday's own: it goes through the guard (admins only)
 * and a recurring change edits that Sunday's copy, never the shared set (decision 0053).
 */
export async function saveSlides(
  ctx: AppContext,
  user: Actor,
  date: string,
  body: z.output<typeof saveSlidesBody>,
): Promise<SlidesResponse> {
  assertSunday(date);
  return inTransaction(ctx, async (tx, events) => {
    const first = await readSlides(tx, user, date);
    const recurringTouched = (deck: SlidesResponse) => {
      const ids = new Set(deck.recurring.map((s) => s.id));
      const byId = new Map(deck.recurring.map((s) => [s.id, s]));
      return (
        body.deleted.some((id) => ids.has(id)) || body.recurring.some((s) => !s.id || (byId.has(s.id) && !sameSlide(byId.get(s.id)!, s)))
      );
    };
    // Locked Sundays keep their decks before the shared set may change; then read again under that.
    if (recurringTouched(first)) await keepLockedSundaysDecks(tx);
    const current = recurringTouched(first) ? await readSlides(tx, user, date) : first;
    const recurring = new Map(current.recurring.map((s) => [s.id, s]));
    const weekly = new Map(current.weekly.map((s) => [s.id, s]));
    ownedOrThrow(
      body.recurring.filter((s) => s.id).map((s) => s.id!),
      new Set(recurring.keys()),
    );
    ownedOrThrow(
      body.weekly.filter((s) => s.id).map((s) => s.id!),
      new Set(weekly.keys()),
    );
    ownedOrThrow(body.deleted, new Set([...recurring.keys(), ...weekly.keys()]));
    const kept = new Set([...body.recurring, ...body.weekly].map((s) => s.id).filter(Boolean));
    if (body.deleted.some((id) => kept.has(id))) throw badRequest('A slide cannot be saved and deleted at once.');
    if (body.recurring.some((s) => s.ownerId)) throw badRequest(SUNDAY_MEDIA_MESSAGES.recurringHasNoOwner);
    const owners = body.weekly.map((s) => ({ ownerId: s.ownerId, before: s.id ? weekly.get(s.id)?.ownerId : undefined }));
    await checkOwners(tx, date, owners, SLIDE_OWNER_ROLES, body.confirmBlockout);

    const weeklyChanges = changedSlides(body.weekly, weekly, true);
    const weeklyDeleted = body.deleted.filter((id) => weekly.has(id));
    const recurringChanges = changedSlides(body.recurring, recurring);
    const recurringDeleted = body.deleted.filter((id) => recurring.has(id));
    const recurringChanged = recurringChanges.length > 0 || recurringDeleted.length > 0;
    const locked = await sundayIsLocked(tx, date);
    let planId: string | null = null;
    if (weeklyChanges.length || weeklyDeleted.length || (locked && recurringChanged)) {
      planId = (await openSundayForEdit(tx, user, date, null, body.version)).id;
    }

    if (weeklyDeleted.length) await tx.delete(slides).where(and(inArray(slides.id, weeklyDeleted), eq(slides.type, 'weekly')));
    if (locked && recurringChanged) {
      await writeLockedDeck(tx, planId!, applySlideChanges(current.recurring, recurringChanges, recurringDeleted));
    } else {
      if (recurringDeleted.length) await tx.delete(slides).where(and(inArray(slides.id, recurringDeleted), eq(slides.type, 'recurring')));
      await upsertSlides(tx, recurringChanges, 'recurring', null);
    }
    const added = planId ? await upsertSlides(tx, weeklyChanges, 'weekly', planId) : [];
    await tellSundayAssignees(
      tx,
      events,
      user.id,
      [
        ...weeklyChanges
          .filter((s) => s.id)
          .map((s) => ({ id: s.id!, title: s.title, ownerId: s.ownerId, before: weekly.get(s.id!)?.ownerId })),
        ...added.map((s) => ({ ...s, before: undefined })),
      ].map((s) => ({ kind: 'slide', id: s.id, sundayDate: date, label: s.title, assigneeId: s.ownerId, before: s.before })),
      ctx.config.appOrigin,
    );
    events.push(sundaysEvent(date));
    // A change to the shared set shows on every open Sunday's deck.
    if (recurringChanged && !locked) events.push({ topic: 'sundays', audience: { minRole: 'coordinator' } });
    return readSlides(tx, user, date);
  });
}

/** A locked Sunday's copy after the save: rows changed in place, new rows added with fresh ids, deleted rows gone. */
function applySlideChanges(deck: SlideRow[], changes: SlideIn[], deleted: string[]): LockedRecurringSlides['slides'] {
  const gone = new Set(deleted);
  const byId = new Map(changes.filter((c) => c.id).map((c) => [c.id!, c]));
  const kept = deck
    .filter((s) => !gone.has(s.id))
    .map((s) => {
      const c = byId.get(s.id);
      return { id: s.id, title: c?.title ?? s.title, active: c?.active ?? s.active, orderIndex: c?.orderIndex ?? s.orderIndex };
    });
  const added = changes.filter((c) => !c.id).map((c) => ({ id: randomUUID(), title: c.title, active: c.active, orderIndex: c.orderIndex }));
  return [...kept, ...added];
}

async function writeLockedDeck(tx: Tx, planId: string, deck: LockedRecurringSlides['slides']) {
  await tx
    .update(sundayPlans)
    .set({ lockedRecurringSlides: sql`jsonb_set(${sundayPlans.lockedRecurringSlides}, '{slides}', ${JSON.stringify(deck)}::jsonb)` })
    .where(eq(sundayPlans.id, planId));
}

/** Writes the changed rows; a recurring slide keeps no owner. Answers the inserted rows (for telling their owners). */
async function upsertSlides(tx: Tx, rows: SlideIn[], type: 'recurring' | 'weekly', sundayId: string | null) {
  const valuesOf = ({ title, active, orderIndex, ownerId, isComplete }: SlideIn) =>
    type === 'weekly' ? { title, active, orderIndex, ownerId, isComplete } : { title, active, orderIndex };
  for (const row of rows.filter((s) => s.id)) {
    await tx.update(slides).set(valuesOf(row)).where(eq(slides.id, row.id!));
  }
  const inserts = rows.filter((s) => !s.id).map((row) => ({ ...valuesOf(row), type, sundayId }));
  if (inserts.length === 0) return [];
  return tx.insert(slides).values(inserts).returning({ id: slides.id, title: slides.title, ownerId: slides.ownerId });
}

// ---------------------------------------------------------------- social posts

type PostIn = z.output<typeof saveSocialBody>['posts'][number];

/**
 * Saves the Social Media Plan: posts with a 'new-' id are inserted, posts with a uuid (of this
 * Sunday) updated, and the posts named in `deleted` (of this Sunday) deleted, all in the one
 * transaction under the Sunday's version, as videos and slides are. Assets must be planning files uploaded for this Sunday, images or videos; their
 * kind is taken from the stored (sniffed) type. A new or changed campaign tag is empty or the
 * title of a live campaign.
 */
export async function saveSocial(
  ctx: AppContext,
  user: Actor,
  date: string,
  body: z.output<typeof saveSocialBody>,
): Promise<SocialResponse> {
  return inTransaction(ctx, async (tx, events) => {
    const plan = await openSundayForEdit(tx, user, date, null, body.version);
    const existing = await tx
      .select({ id: socialMediaPosts.id, ownerId: socialMediaPosts.ownerId, campaignTag: socialMediaPosts.campaignTag })
      .from(socialMediaPosts)
      .where(eq(socialMediaPosts.sundayId, plan.id));
    const before = new Map(existing.map((p) => [p.id, p]));
    const isNew = (p: PostIn) => p.id.startsWith(NEW_POST_PREFIX);
    ownedOrThrow([...body.posts.filter((p) => !isNew(p)).map((p) => p.id), ...body.deleted], new Set(before.keys()));
    if (body.posts.some((p) => body.deleted.includes(p.id))) throw badRequest('A post cannot be saved and deleted at once.');
    const owners = body.posts.map((p) => ({ ownerId: p.ownerId, before: before.get(p.id)?.ownerId }));
    await checkOwners(tx, date, owners, SOCIAL_OWNER_ROLES, body.confirmBlockout);
    await checkCampaigns(
      tx,
      body.posts.filter((p) => p.campaignTag !== '' && p.campaignTag !== before.get(p.id)?.campaignTag).map((p) => p.campaignTag),
    );
    const kinds = await assetKinds(tx, date, body.posts);
    const told: SundayAssignment[] = [];

    if (body.deleted.length) {
      await tx.delete(socialMediaPosts).where(and(eq(socialMediaPosts.sundayId, plan.id), inArray(socialMediaPosts.id, body.deleted)));
    }
    for (const post of body.posts) {
      const values = {
        platform: post.platform,
        postType: post.postType,
        postDatetime: new Date(post.postDatetime ?? defaultPostDatetime(date)),
        status: post.status,
        campaignTag: post.campaignTag,
        ownerId: post.ownerId,
        caption: post.caption,
        hashtags: post.hashtags,
        assets: post.assets.map((a) => ({ url: a.url, type: kinds.get(a.url)! })),
      };
      let id = post.id;
      if (isNew(post)) {
        [{ id }] = await tx
          .insert(socialMediaPosts)
          .values({ ...values, sundayId: plan.id })
          .returning({ id: socialMediaPosts.id });
      } else
        await tx
          .update(socialMediaPosts)
          .set(values)
          .where(and(eq(socialMediaPosts.id, post.id), eq(socialMediaPosts.sundayId, plan.id)));
      const label = `${post.platform} ${post.postType}`;
      told.push({ kind: 'post', id, sundayDate: date, label, assigneeId: post.ownerId, before: before.get(post.id)?.ownerId });
    }
    await tellSundayAssignees(tx, events, user.id, told, ctx.config.appOrigin);
    events.push(sundaysEvent(date));
    return readSocial(tx, user, date);
  });
}

async function checkCampaigns(tx: Tx, tags: string[]) {
  if (tags.length === 0) return;
  const live = new Set(await campaignOptions(tx));
  if (tags.some((t) => !live.has(t)))
    throw badRequest('The campaign tag must be the title of an approved, in-production or scheduled request.');
}

/** The kind (image or video) of each asset url, from the stored file; a file of another Sunday, or not a picture or video, is refused. */
async function assetKinds(tx: Tx, date: string, posts: PostIn[]): Promise<Map<string, 'image' | 'video'>> {
  const urls = [...new Set(posts.flatMap((p) => p.assets.map((a) => a.url)))];
  const kinds = new Map<string, 'image' | 'video'>();
  if (urls.length === 0) return kinds;
  const ids = urls.map((u) => PLANNING_FILE_URL.exec(u)![1]);
  const files = await tx
    .select({ id: planningFiles.id, fileType: planningFiles.fileType })
    .from(planningFiles)
    .where(and(inArray(planningFiles.id, ids), eq(planningFiles.sundayDate, date)));
  const media = files.filter((f) => f.fileType.startsWith('image/') || f.fileType.startsWith('video/'));
  if (media.length !== ids.length) throw badRequest(SUNDAY_MEDIA_MESSAGES.assetNotOfSunday);
  for (const f of media) kinds.set(`/api/planning-files/${f.id}`, assetKindOf(f.fileType));
  return kinds;
}
