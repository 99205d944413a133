import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  FEED_SUNDAYS,
  feedWindow,
  FEEDS_MESSAGES as M,
  type CreatedFeed,
  type Feed,
  type FeedKind,
  type FeedsResponse,
} from '../../../shared/api/feeds';
import { todayIn, upcomingSundays } from '../../../shared/domain/dates';
import type { SessionUser } from '../../platform/auth/sessions';
import { hashToken } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { channelLabels } from '../../platform/church-config';
import { readTogether, type Executor } from '../../platform/db/client';
import { calendarFeeds, ministries } from '../../platform/db/schema';
import { notFound, ruleBroken } from '../../platform/errors';
import { feedCalendar } from './ics';
import { feedPolicy } from './policy';
import { activeMinistries, feedRows, findFeedByTokenHash, noteFeedBody } from './queries';

/**
 * Calendar feeds' use cases (decision 0033). A feed's token is 32 random bytes
 * (base64url, 43 characters); only its SHA-256 is stored, so the URL is shown once, when the feed
 * is made or regenerated.
 */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString('base64url');
export const feedUrl = (origin: string, token: string) => `${origin}/feeds/${token}.ics`;

type FeedRecord = typeof calendarFeeds.$inferSelect;
const present = (f: FeedRecord): Feed => ({
  kind: f.kind as FeedKind,
  createdAt: f.createdAt.toISOString(),
  lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
  ministryId: f.ministryId,
});

/** The account page's section: the person's feeds, whether a team feed is theirs to have, the ministries to filter it by. */
export async function listFeeds(db: Executor, user: SessionUser): Promise<FeedsResponse> {
  const canHaveTeamFeed = feedPolicy.teamFeed.allows(user, null);
  const [rows, ministryList] = await readTogether(
    db,
    () => db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id)).orderBy(calendarFeeds.kind),
    () => (canHaveTeamFeed ? activeMinistries(db) : Promise.resolve([])),
  );
  // A team feed left from a higher role is not listed (and does not answer) while the person is below coordinator.
  const feeds = rows.filter((f) => f.kind === 'personal' || canHaveTeamFeed).map(present);
  return { feeds, canHaveTeamFeed, ministries: ministryList };
}

async function checkMinistry(db: Executor, ministryId: string | null | undefined): Promise<void> {
  if (!ministryId) return;
  const [found] = await db.select({ id: ministries.id }).from(ministries).where(eq(ministries.id, ministryId));
  if (!found) throw ruleBroken(M.unknownMinistry, { ministryId: M.unknownMinistry });
}

/**
 * Makes the person's feed of a kind, or gives it a new token (the old URL stops answering at once).
 * The team feed keeps its ministry filter unless one is given. The caller has checked the kind.
 */
export async function createFeed(ctx: AppContext, user: SessionUser, kind: FeedKind, ministryId?: string | null): Promise<CreatedFeed> {
  const token = newToken();
  return inTransaction(ctx, async (tx) => {
    await checkMinistry(tx, ministryId);
    const filter = kind === 'team' && ministryId !== undefined ? { ministryId } : {};
    const [feed] = await tx
      .insert(calendarFeeds)
      .values({ userId: user.id, kind, tokenHash: hashToken(token), ...filter })
      .onConflictDoUpdate({
        target: [calendarFeeds.userId, calendarFeeds.kind],
        set: { tokenHash: hashToken(token), createdAt: new Date(), lastUsedAt: null, ...filter },
      })
      .returning();
    return { feed: present(feed), url: feedUrl(ctx.config.appOrigin, token) };
  });
}

/** Narrows the team feed to one ministry, or widens it to all (null); its URL stays the same. */
export async function setTeamFeedFilter(ctx: AppContext, user: SessionUser, ministryId: string | null): Promise<Feed> {
  return inTransaction(ctx, async (tx) => {
    await checkMinistry(tx, ministryId);
    const [feed] = await tx
      .update(calendarFeeds)
      .set({ ministryId })
      .where(and(eq(calendarFeeds.userId, user.id), eq(calendarFeeds.kind, 'team')))
      .returning();
    if (!feed) throw notFound(M.noTeamFeed);
    return present(feed);
  });
}

/** Revokes a feed: its URL answers 404 from now on. Revoking a feed that is not there changes nothing. */
export async function revokeFeed(db: Executor, user: SessionUser, kind: FeedKind): Promise<void> {
  await db.delete(calendarFeeds).where(and(eq(calendarFeeds.userId, user.id), eq(calendarFeeds.kind, kind)));
}

/** A feed's answer: its text, its ETag (a hash of the text) and when the text last changed. */
export interface FeedAnswer {
  text: string;
  etag: string;
  lastModified: Date;
}

/**
 * The feed of a token, or null (wrong or revoked token, owner deactivated, a team feed whose owner
 * is no longer a coordinator): the route answers all of them alike. Two statements whatever the
 * feed's size (the token with its owner, then the rows), and a third only when the text differs
 * from the one last served: its new ETag and the instant it changed (Last-Modified).
 */
export async function readFeed(ctx: AppContext, token: string, now = new Date()): Promise<FeedAnswer | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const found = await findFeedByTokenHash(ctx.db, hashToken(token));
  if (!found) return null;
  if (found.kind === 'team' && !feedPolicy.teamFeed.allows(found.user, null)) return null;
  const timeZone = ctx.config.churchTimeZone;
  const window = feedWindow(todayIn(timeZone, now));
  const rows = await feedRows(ctx.db, { kind: found.kind, owner: found.user, ministryId: found.ministryId, ...window });
  const body = feedCalendar(
    {
      name: found.kind === 'team' ? 'Lampstand team' : 'Lampstand',
      origin: ctx.config.appOrigin,
      timeZone,
      rows,
      sundays: found.kind === 'team' ? upcomingSundays(timeZone, FEED_SUNDAYS, now) : [],
      channelLabel: await channelLabels(ctx),
    },
    window,
  );
  const lastModified =
    found.bodyEtag === body.etag && found.bodyChangedAt ? found.bodyChangedAt : await noteFeedBody(ctx.db, found.feedId, body.etag);
  return { ...body, lastModified };
}
