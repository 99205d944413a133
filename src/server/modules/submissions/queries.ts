import { and, eq } from 'drizzle-orm';
import type { DuplicateSource } from '../../../shared/api/submission';
import { DESIGN_DIRECTIONS, type DesignDirection } from '../../../shared/api/submission';
import { findTier, type ChurchConfig } from '../../../shared/domain/church-config';
import type { SessionUser } from '../../platform/auth/sessions';
import type { Executor } from '../../platform/db/client';
import { idempotencyKeys, ministries, requestItems, requests } from '../../platform/db/schema';
import { conflict, notFound } from '../../platform/errors';
import { submissionPolicy } from './policy';

/** Only active ministries may be chosen (guide/requests.md#submission-rules), whatever the browser sent. */
export async function activeMinistry(db: Executor, id: string) {
  const [row] = await db
    .select({ id: ministries.id, name: ministries.name })
    .from(ministries)
    .where(and(eq(ministries.id, id), eq(ministries.active, true)))
    .limit(1);
  return row ?? null;
}

/**
 * The request an earlier submission with this key created, or null. A key is one user's: someone
 * else's key is a conflict, never a way to read their request.
 */
export async function findSubmissionByKey(db: Executor, key: string, userId: string): Promise<string | null> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
  if (!row) return null;
  if (row.userId !== userId || !row.requestId) throw conflict('This submission key has already been used.');
  return row.requestId;
}

export const REQUEST_NOT_FOUND = 'Request not found.';

/** A request the user may duplicate: their own, or any for coordinators and above; else 404. */
export async function loadDuplicableRequest(db: Executor, user: SessionUser, id: string) {
  const [row] = await db.select().from(requests).where(eq(requests.id, id)).limit(1);
  if (!row || !submissionPolicy.duplicate.allows(user, row)) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/**
 * What duplicating copies (guide/requests.md#submission-rules): the text fields and the items outside the tier's
 * standard channels; dates, times and the Planning Center answer and link are left for the user.
 */
export async function duplicateSource(db: Executor, user: SessionUser, id: string, config: ChurchConfig): Promise<DuplicateSource> {
  const source = await loadDuplicableRequest(db, user, id);
  const items = await db.select({ channel: requestItems.channel }).from(requestItems).where(eq(requestItems.requestId, id));
  const standard = findTier(config, source.tier)?.channels ?? [];
  const additionalChannels: Record<string, boolean> = {};
  for (const { channel } of items) if (!standard.includes(channel)) additionalChannels[channel] = true;
  const text = (v: string | null) => v ?? '';
  return {
    id: source.id,
    sourceTitle: source.eventTitle,
    sourceEventStartDate: source.eventStartDate,
    values: {
      eventTitle: source.eventTitle,
      ministryId: text(source.ministryId),
      location: text(source.location),
      descriptionShort: text(source.descriptionShort),
      descriptionLong: text(source.descriptionLong),
      targetAudience: text(source.targetAudience),
      tier: text(source.tier),
      additionalChannels,
      otherChannelText: text(source.otherChannelText),
      infoLink: text(source.infoLink),
      websiteDescription: text(source.websiteDescription),
      registrationLink: text(source.registrationLink),
      designDirection: (DESIGN_DIRECTIONS as readonly string[]).includes(source.designDirection)
        ? (source.designDirection as DesignDirection)
        : 'template',
      designNotes: text(source.designNotes),
    },
  };
}
