import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CHURCH_TEMPLATE_LIMIT,
  OWN_TEMPLATE_LIMIT,
  REQUEST_TEMPLATE_MESSAGES as M,
  type renameTemplateBody,
  type RequestTemplatesResponse,
  type saveTemplateBody,
  type TemplateValues,
} from '../../../shared/api/request-templates';
import { DESIGN_DIRECTIONS, type DesignDirection } from '../../../shared/api/submission';
import { findTier } from '../../../shared/domain/church-config';
import type { SessionUser } from '../../platform/auth/sessions';
import { churchConfig } from '../../platform/church-config';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Executor, Tx } from '../../platform/db/client';
import { requestItems, requests, requestTemplates, users } from '../../platform/db/schema';
import { forbidden, notFound, ruleBroken } from '../../platform/errors';
import { requestTemplatesPolicy as P } from './policy';

/**
 * Request templates (guide/requests.md#request-templates). One transaction per change. Names are
 * unique per owner (own templates) and within the church (church templates), case-blind; a
 * person keeps at most OWN_TEMPLATE_LIMIT of their own and the church CHURCH_TEMPLATE_LIMIT, so
 * the picker's list is one bounded read on the two name indexes.
 */

type Row = typeof requestTemplates.$inferSelect;

// ---------------------------------------------------------------- read

export async function listRequestTemplates(db: Executor, user: SessionUser): Promise<RequestTemplatesResponse> {
  const columns = { template: requestTemplates, ownerName: users.fullName };
  const own = await db
    .select(columns)
    .from(requestTemplates)
    .leftJoin(users, eq(users.id, requestTemplates.ownerId))
    .where(and(eq(requestTemplates.ownerId, user.id), sql`not ${requestTemplates.isChurch}`))
    .orderBy(sql`lower(${requestTemplates.name})`);
  const church = await db
    .select(columns)
    .from(requestTemplates)
    .leftJoin(users, eq(users.id, requestTemplates.ownerId))
    .where(eq(requestTemplates.isChurch, true))
    .orderBy(sql`lower(${requestTemplates.name})`, asc(requestTemplates.id));
  return {
    items: [...own, ...church].map(({ template: t, ownerName }) => ({
      id: t.id,
      name: t.name,
      church: t.isChurch,
      owner: t.ownerId ? { id: t.ownerId, fullName: ownerName ?? '' } : null,
      canManage: P.manage.allows(user, t),
      values: t.values,
      updatedAt: t.updatedAt.toISOString(),
    })),
    canSaveChurch: P.saveChurch.allows(user, null),
  };
}

// ---------------------------------------------------------------- write

/** The request's fields a template keeps: no dates, no Planning Center answer, no files. */
async function valuesOf(ctx: AppContext, tx: Tx, request: typeof requests.$inferSelect): Promise<TemplateValues> {
  const config = await churchConfig(ctx);
  const items = await tx.select({ channel: requestItems.channel }).from(requestItems).where(eq(requestItems.requestId, request.id));
  const standard = findTier(config, request.tier)?.channels ?? [];
  const channels = [...new Set(items.map((i) => i.channel))];
  const text = (v: string | null) => v ?? '';
  return {
    eventTitle: request.eventTitle,
    ministryId: text(request.ministryId),
    startTime: text(request.startTime),
    endTime: text(request.endTime),
    location: text(request.location),
    expectedAttendance: request.expectedAttendance === null ? '' : String(request.expectedAttendance),
    descriptionShort: text(request.descriptionShort),
    descriptionLong: text(request.descriptionLong),
    targetAudience: text(request.targetAudience),
    tier: text(request.tier),
    includedChannels: channels.filter((c) => standard.includes(c)),
    additionalChannels: Object.fromEntries(channels.filter((c) => !standard.includes(c)).map((c) => [c, true])),
    otherChannelText: text(request.otherChannelText),
    infoLink: text(request.infoLink),
    websiteDescription: text(request.websiteDescription),
    registrationLink: text(request.registrationLink),
    designDirection: (DESIGN_DIRECTIONS as readonly string[]).includes(request.designDirection)
      ? (request.designDirection as DesignDirection)
      : 'template',
    designNotes: text(request.designNotes),
  };
}

/**
 * Names are checked under a transaction-scoped advisory lock on the owner (or the church), so two
 * saves of one name cannot both pass the check; the unique indexes stand behind it.
 */
async function nameFreeOrThrow(tx: Tx, owner: { ownerId: string | null; isChurch: boolean }, name: string, exceptId?: string) {
  const scope = owner.isChurch ? 'church' : owner.ownerId!;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`request-templates:${scope}`}))`);
  const same = await tx
    .select({ id: requestTemplates.id })
    .from(requestTemplates)
    .where(
      and(
        owner.isChurch
          ? eq(requestTemplates.isChurch, true)
          : and(eq(requestTemplates.ownerId, owner.ownerId!), sql`not ${requestTemplates.isChurch}`),
        sql`lower(${requestTemplates.name}) = lower(${name})`,
      ),
    );
  if (same.some((r) => r.id !== exceptId)) {
    const message = owner.isChurch ? M.churchNameTaken : M.nameTaken;
    throw ruleBroken(message, { name: message });
  }
}

export async function saveRequestAsTemplate(
  ctx: AppContext,
  user: SessionUser,
  requestId: string,
  body: z.output<typeof saveTemplateBody>,
): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const [request] = await tx.select().from(requests).where(eq(requests.id, requestId));
    if (!request || !P.fromRequest.allows(user, request)) throw notFound(M.requestNotFound);
    if (body.church && !P.saveChurch.allows(user, null)) throw forbidden(M.churchOnlyCoordinators);
    const owner = { ownerId: user.id, isChurch: body.church };
    await nameFreeOrThrow(tx, owner, body.name);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(requestTemplates)
      .where(
        body.church
          ? eq(requestTemplates.isChurch, true)
          : and(eq(requestTemplates.ownerId, user.id), sql`not ${requestTemplates.isChurch}`),
      );
    if (n >= (body.church ? CHURCH_TEMPLATE_LIMIT : OWN_TEMPLATE_LIMIT)) throw ruleBroken(body.church ? M.churchLimit : M.ownLimit);
    const [row] = await tx
      .insert(requestTemplates)
      .values({ ...owner, name: body.name, values: await valuesOf(ctx, tx, request) })
      .returning({ id: requestTemplates.id });
    return row;
  });
}

/** The template for a change, locked; someone else's own template is not found, a church one refused to non-coordinators. */
async function manageableOrThrow(tx: Tx, user: SessionUser, id: string): Promise<Row> {
  const [row] = await tx.select().from(requestTemplates).where(eq(requestTemplates.id, id)).for('update');
  if (!row || !P.see.allows(user, row)) throw notFound(M.notFound);
  if (!P.manage.allows(user, row)) throw forbidden();
  return row;
}

export async function renameRequestTemplate(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  body: z.output<typeof renameTemplateBody>,
): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const row = await manageableOrThrow(tx, user, id);
    await nameFreeOrThrow(tx, row, body.name, id);
    await tx.update(requestTemplates).set({ name: body.name, updatedAt: new Date() }).where(eq(requestTemplates.id, id));
    return { id };
  });
}

export async function deleteRequestTemplate(ctx: AppContext, user: SessionUser, id: string): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    await manageableOrThrow(tx, user, id);
    await tx.delete(requestTemplates).where(eq(requestTemplates.id, id));
    return { id };
  });
}
