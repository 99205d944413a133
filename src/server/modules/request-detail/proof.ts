import { and, desc, eq } from 'drizzle-orm';
import { canMoveItem, PROOF_READY_FROM, type ManualItemStatus } from '../../../shared/domain/request-permissions';
import { statusLabel, type ItemStatus } from '../../../shared/domain/statuses';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { channelLabels } from '../../platform/church-config';
import type { Tx } from '../../platform/db/client';
import { requestAssets, requestItems } from '../../platform/db/schema';
import type { AppEvent } from '../../platform/events/bus';
import { conflict, forbidden, notFound, ruleBroken, whenMissing } from '../../platform/errors';
import { appendActivity } from '../../commands/activity';
import { followWork } from '../../commands/follow-work';
import { assertWritable, changedEvent, loadVisibleRequest, type LoadedRequest } from './access';
import { itemPolicy } from './policy';
import { loadRecipients, notify } from './recipients';

/**
 * The proof loop (guide/proofs.md#the-proof-loop): a creative uploads a proof and marks it ready, the requester (or
 * an approver) approves it or asks for changes, and the assignee or a coordinator moves the item
 * on to publishing. Each step is one transaction with its activity, notifications, e-mails and
 * the request's realtime event; the status guard is in the UPDATE so two clicks make one step.
 * Every step moves the item, so the request's status then follows the work (decision 0007), and
 * none is taken on an archived request except by an admin.
 */
type Item = typeof requestItems.$inferSelect;
interface Step {
  tx: Tx;
  events: AppEvent[];
  item: Item;
  loaded: LoadedRequest;
  /** The item's channel as the church names it. */
  channel: string;
}

export const NOT_WAITING_FOR_REVIEW = 'This proof is not waiting for review.';
export const NO_PROOF_TO_APPROVE = 'This item has no proof to approve yet. Ask its creative to upload one.';

async function withItem<T>(ctx: AppContext, user: SessionUser, itemId: string, step: (s: Step) => Promise<T>): Promise<T> {
  const channelLabel = await channelLabels(ctx);
  return inTransaction(ctx, async (tx, events) => {
    const [item] = await tx.select().from(requestItems).where(eq(requestItems.id, itemId));
    if (!item) throw notFound('Item not found.');
    const loaded = await whenMissing(loadVisibleRequest(tx, user, item.requestId), () => notFound('Item not found.'));
    assertWritable(user, loaded);
    const result = await step({ tx, events, item, loaded, channel: channelLabel(item.channel) });
    await followWork(tx, loaded.request.id);
    events.push(changedEvent(loaded));
    return result;
  });
}

/** Moves the item only if it is still in the status we read (two clicks, or two people, make one step). */
async function moveItem(tx: Tx, item: Item, to: ItemStatus, extra: Partial<typeof requestItems.$inferInsert> = {}) {
  const [row] = await tx
    .update(requestItems)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(requestItems.id, item.id), eq(requestItems.status, item.status)))
    .returning({ id: requestItems.id, status: requestItems.status });
  if (!row) throw conflict('Someone else changed this item just now. Reload and try again.');
  return { id: row.id, status: row.status as ItemStatus };
}

async function latestProof(tx: Tx, itemId: string) {
  const [row] = await tx
    .select({ uploadedBy: requestAssets.uploadedBy })
    .from(requestAssets)
    .where(eq(requestAssets.itemId, itemId))
    .orderBy(desc(requestAssets.versionNumber), desc(requestAssets.createdAt))
    .limit(1);
  return row ?? null;
}

const what = (s: Step) => `${s.channel} for ${s.loaded.request.eventTitle}`;

export async function markProofReady(ctx: AppContext, user: SessionUser, itemId: string) {
  return withItem(ctx, user, itemId, async (s) => {
    if (!itemPolicy.work.allows(user, s.item)) throw forbidden();
    if (!PROOF_READY_FROM.includes(s.item.status as ItemStatus)) {
      throw conflict(`An item that is ${statusLabel(s.item.status)} can't be marked ready for proof.`);
    }
    if (!(await latestProof(s.tx, s.item.id))) throw ruleBroken('Upload a proof for this item before marking it ready.');
    const moved = await moveItem(s.tx, s.item, 'proof_ready');
    await appendActivity(s.tx, {
      requestId: s.loaded.request.id,
      userId: user.id,
      actionType: 'Proof Ready',
      oldValue: s.item.status,
      newValue: 'proof_ready',
      notes: s.channel,
    });
    const recipients = await loadRecipients(s.tx, [s.loaded.request.requesterId], user.id);
    await notify(s.tx, s.events, recipients, {
      title: 'Proof ready for review',
      body: `${what(s)} is ready for your review.`,
      type: 'review_ready',
      requestId: s.loaded.request.id,
      itemId: s.item.id,
      email: {
        kind: 'proof_ready',
        subject: `Proof ready for review: ${s.loaded.request.eventTitle}`,
        requestTitle: s.loaded.request.eventTitle,
        origin: ctx.config.appOrigin,
      },
    });
    return moved;
  });
}

/** The creator of the latest proof hears the answer; without a stored proof, the assignee. */
async function proofCreator(s: Step): Promise<string | null> {
  return (await latestProof(s.tx, s.item.id))?.uploadedBy ?? s.item.assigneeId;
}

function checkReview(user: SessionUser, s: Step) {
  if (!itemPolicy.review.allows(user, s.loaded.facts)) throw forbidden();
  if (s.item.status !== 'proof_ready') throw conflict(NOT_WAITING_FOR_REVIEW);
}

export async function approveProof(ctx: AppContext, user: SessionUser, itemId: string) {
  return withItem(ctx, user, itemId, async (s) => {
    checkReview(user, s);
    // An item can reach Proof Ready by hand (a coordinator's status change) without a proof: nothing to approve.
    if (!(await latestProof(s.tx, s.item.id))) throw ruleBroken(NO_PROOF_TO_APPROVE);
    const moved = await moveItem(s.tx, s.item, 'approved');
    await appendActivity(s.tx, {
      requestId: s.loaded.request.id,
      userId: user.id,
      actionType: 'Proof Approved',
      oldValue: 'proof_ready',
      newValue: 'approved',
      notes: s.channel,
    });
    const recipients = await loadRecipients(s.tx, [await proofCreator(s)], user.id);
    await notify(s.tx, s.events, recipients, {
      title: 'Proof approved',
      body: `${what(s)} was approved by ${user.fullName}.`,
      type: 'proof_approved',
      requestId: s.loaded.request.id,
      itemId: s.item.id,
      email: {
        kind: 'proof_decision',
        subject: `Proof approved: ${s.loaded.request.eventTitle}`,
        requestTitle: s.loaded.request.eventTitle,
        origin: ctx.config.appOrigin,
      },
    });
    return moved;
  });
}

export async function requestChanges(ctx: AppContext, user: SessionUser, itemId: string, feedback: string) {
  return withItem(ctx, user, itemId, async (s) => {
    checkReview(user, s);
    const moved = await moveItem(s.tx, s.item, 'changes_requested');
    await appendActivity(s.tx, {
      requestId: s.loaded.request.id,
      userId: user.id,
      actionType: 'Changes Requested',
      oldValue: 'proof_ready',
      newValue: 'changes_requested',
      notes: `${s.channel}: ${feedback}`,
    });
    const recipients = await loadRecipients(s.tx, [await proofCreator(s)], user.id);
    await notify(s.tx, s.events, recipients, {
      title: 'Changes requested',
      body: `${user.fullName} asked for changes to ${what(s)}: ${feedback}`,
      type: 'changes_requested',
      requestId: s.loaded.request.id,
      itemId: s.item.id,
      email: {
        kind: 'proof_decision',
        subject: `Changes requested: ${s.loaded.request.eventTitle}`,
        requestTitle: s.loaded.request.eventTitle,
        origin: ctx.config.appOrigin,
      },
    });
    return moved;
  });
}

/** The assignee or a coordinator moves the item as work proceeds, through to publishing. */
export async function setItemStatus(ctx: AppContext, user: SessionUser, itemId: string, to: ManualItemStatus) {
  return withItem(ctx, user, itemId, async (s) => {
    if (!itemPolicy.work.allows(user, s.item)) throw forbidden();
    if (!canMoveItem(s.item.status, to)) {
      throw conflict(`An item that is ${statusLabel(s.item.status)} can't move to ${statusLabel(to)}.`);
    }
    const moved = await moveItem(s.tx, s.item, to, to === 'published' ? { publishedAt: new Date() } : {});
    await appendActivity(s.tx, {
      requestId: s.loaded.request.id,
      userId: user.id,
      actionType: 'Item Status Changed',
      oldValue: s.item.status,
      newValue: to,
      notes: s.channel,
    });
    return moved;
  });
}
