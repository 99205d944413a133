import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import {
  FEED_FRESH_MS,
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
import {
  activeMinistries,
  feedRows,
  findFeedByTokenHash,
  FORGET_FEED_BODY,
  storedFeedBody,
  storeFeedBody,
  type FeedOwner,
} from './queries';

/**
 * Calendar feeds' use cases (decision 0033). A feed's token is 32 random bytes
 * (base64url, 43 characters); only its SHA-256 is stored, so the URL is shown once, when the feed
 * is made or regenerated.
 */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const gzipText = promisify(gzip);
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
        // A new link starts with no stored text: its first fetch builds it.
        set: { tokenHash: hashToken(token), createdAt: new Date(), lastUsedAt: null, ...FORGET_FEED_BODY, ...filter },
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
      // Another filter is another text: the next fetch builds it.
      .set({ ministryId, ...FORGET_FEED_BODY })
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

/**
 * A feed's answer: its ETag (a hash of the text), when the text last changed, and the text itself,
 * gzip-compressed as stored, or null when the caller's condition (`unchanged`) holds: a 304.
 */
export interface FeedAnswer {
  etag: string;
  lastModified: Date;
  gzip: Buffer | null;
}

/**
 * The texts this process sent lately, by token hash, up to HELD_BYTES (the oldest dropped first):
 * a poll of a text this process holds (the same ETag, a hash of the text) reads only the feed's
 * row, not its stored text again (a large feed's text is tens of kB a poll through the database
 * otherwise). The row still decides: a revoked link, a new text (another instance built it, or the
 * rows changed) or a stale one is seen there.
 */
const HELD_BYTES = 32 * 1024 * 1024;
interface Held {
  etag: string;
  gzip: Buffer;
}
const held = new Map<string, Held>();
let heldBytes = 0;
function hold(tokenHash: string, entry: Held) {
  forget(tokenHash);
  held.set(tokenHash, entry);
  heldBytes += entry.gzip.length;
  for (const [key, oldest] of held) {
    if (heldBytes <= HELD_BYTES) break;
    held.delete(key);
    heldBytes -= oldest.gzip.length;
  }
}
function forget(tokenHash: string) {
  const old = held.get(tokenHash);
  if (!old) return;
  held.delete(tokenHash);
  heldBytes -= old.gzip.length;
}

/** Builds in progress in this process, by feed: polls arriving during a build wait for it instead of building again. */
const building = new Map<string, Promise<Built>>();
type Built = { etag: string; lastModified: Date; gzip: Buffer };

/**
 * The feed of a token, or null (wrong or revoked token, owner deactivated, a team feed whose owner
 * is no longer a coordinator): the route answers all of them alike.
 *
 * The text is built at most once per FEED_FRESH_MS per feed and stored with the feed (decision
 * 0062), so every app instance shares it: a poll within that time is one statement (the token
 * with its owner and the stored text, or, for a conditional request, its ETag alone, then the text
 * only if the condition fails), whatever the feed's size. A stale or missing text, or one built for
 * another role of the owner, is built again: the rows, the text, one write storing it.
 */
export async function readFeed(
  ctx: AppContext,
  token: string,
  {
    now = ctx.now?.() ?? new Date(),
    conditional = false,
    unchanged = () => false,
  }: {
    now?: Date;
    /** Whether the request is conditional (If-None-Match or If-Modified-Since): the stored text is then read only if needed. */
    conditional?: boolean;
    /** The request's condition: true answers 304 (no text). */
    unchanged?: (feed: { etag: string; lastModified: Date }) => boolean;
  } = {},
): Promise<FeedAnswer | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const freshAfter = new Date(now.getTime() - FEED_FRESH_MS);
  const tokenHash = hashToken(token);
  const mine = held.get(tokenHash);
  const found = await findFeedByTokenHash(ctx.db, tokenHash, {
    now,
    bodyBuiltAfter: conditional ? null : freshAfter,
    heldEtag: mine?.etag ?? null,
  });
  if (!found || (found.kind === 'team' && !feedPolicy.teamFeed.allows(found.user, null))) {
    forget(tokenHash);
    return null;
  }
  const fresh =
    found.bodyBuiltAt !== null &&
    found.bodyBuiltAt > freshAfter &&
    found.bodyBuiltAt <= now &&
    found.bodyRole === found.user.role &&
    found.bodyEtag !== null &&
    found.bodyChangedAt !== null;
  if (fresh) {
    const answer = { etag: found.bodyEtag!, lastModified: found.bodyChangedAt! };
    if (unchanged(answer)) return { ...answer, gzip: null };
    const gzip = found.bodyGzip ?? (mine?.etag === answer.etag ? mine.gzip : await storedFeedBody(ctx.db, found.feedId));
    if (gzip) {
      hold(tokenHash, { etag: answer.etag, gzip });
      return { ...answer, gzip };
    }
  }
  const key = `${found.feedId}:${found.user.role}`;
  let build = building.get(key);
  if (!build) {
    build = buildFeed(ctx, found, now).finally(() => building.delete(key));
    building.set(key, build);
  }
  const built = await build;
  hold(tokenHash, { etag: built.etag, gzip: built.gzip });
  return unchanged(built) ? { ...built, gzip: null } : built;
}

/** Reads the feed's rows, writes its text, stores it gzip-compressed with its ETag; three statements at most. */
async function buildFeed(ctx: AppContext, found: FeedOwner, now: Date): Promise<Built> {
  const timeZone = ctx.config.churchTimeZone;
  const window = feedWindow(todayIn(timeZone, now));
  const [rows, channelLabel] = await Promise.all([
    feedRows(ctx.db, { kind: found.kind, owner: found.user, ministryId: found.ministryId, ...window }),
    channelLabels(ctx),
  ]);
  const body = feedCalendar(
    {
      name: found.kind === 'team' ? 'Lampstand team' : 'Lampstand',
      promotions: found.kind === 'team' ? 'in-notes' : 'apart',
      origin: ctx.config.appOrigin,
      timeZone,
      rows,
      sundays: found.kind === 'team' ? upcomingSundays(timeZone, FEED_SUNDAYS, now) : [],
      channelLabel,
    },
    window,
  );
  // Compressed hardest: a text is built once in five minutes and sent on every poll meanwhile
  // (the team feed of a large church: 5 % fewer bytes a poll for some 6 ms more a build).
  const gzip = await gzipText(body.text, { level: constants.Z_BEST_COMPRESSION });
  const lastModified = await storeFeedBody(ctx.db, found.feedId, { etag: body.etag, gzip, builtAt: now, role: found.user.role });
  return { etag: body.etag, lastModified, gzip };
}
