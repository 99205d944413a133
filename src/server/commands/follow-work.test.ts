import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECTION_REASONS } from '../../shared/api/approvals';
import { WORK_REASONS } from '../../shared/domain/request-status';
import { activityLog, requestItems, requests } from '../platform/db/schema';
import type { AppEvent } from '../platform/events/bus';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../test/harness';
import { until } from '../test/log-capture';
import { PNG, addProof, multipart, signInDemo, userIdByEmail, type DemoRole } from '../test/request-fixtures';

/**
 * The request's status follows the work (guide/proofs.md#the-request-status-follows-the-work, decision 0007) through every use case
 * that moves an item or its assignee, with a 'Status Changed' entry by the system each time.
 */
describe.each(BACKENDS)('request status follows the work on %s', (backend) => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let ids: Record<'requester' | 'creative' | 'coordinator', string>;
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    as = await signInDemo(t.app);
    ids = {
      requester: await userIdByEmail(t.ctx.db, 'requester@example.org'),
      creative: await userIdByEmail(t.ctx.db, 'creative@example.org'),
      coordinator: await userIdByEmail(t.ctx.db, 'coordinator@example.org'),
    };
  });
  afterAll(async () => t.close());

  type ItemSeed = Partial<typeof requestItems.$inferInsert>;
  /** A request of the demo requester with the given items (default: one unassigned, not started). */
  async function build(status: string, items: ItemSeed[] = [{}]) {
    const [request] = await t.ctx.db
      .insert(requests)
      .values({ eventTitle: `Follows ${randomBytes(3).toString('hex')}`, requesterId: ids.requester, status, tier: 'C' })
      .returning();
    const rows = [];
    for (const item of items) {
      const [row] = await t.ctx.db
        .insert(requestItems)
        .values({ requestId: request.id, channel: 'sunday_slide', status: 'not_started', ...item })
        .returning();
      rows.push(row);
    }
    return { request, items: rows };
  }

  const requestRow = async (id: string) => (await t.ctx.db.select().from(requests).where(eq(requests.id, id)))[0];
  const statusChanges = (id: string) =>
    t.ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.requestId, id), eq(activityLog.actionType, 'Status Changed')))
      .orderBy(asc(activityLog.createdAt));
  const step = (agent: Agent, itemId: string, action: string, payload: object = {}) =>
    agent.inject({ method: 'POST', url: `/api/items/${itemId}/${action}`, payload });
  const assign = (agent: Agent, itemId: string, assigneeId: string | null) =>
    agent.inject({ method: 'POST', url: `/api/tasks/${itemId}/assign`, payload: { assigneeId } });
  const uploadProof = (agent: Agent, requestId: string, itemId: string) =>
    agent.inject({ method: 'POST', url: `/api/requests/${requestId}/assets`, ...multipart({ name: 'proof.png', data: PNG }, { itemId }) });

  it('a first assignment moves a submitted request to in_production, by the system, with its event', async () => {
    const { request, items } = await build('submitted');
    const seen: AppEvent[] = [];
    const stop = t.ctx.bus.subscribe((e) => seen.push(e));
    try {
      expect((await assign(as.coordinator, items[0].id, ids.creative)).statusCode).toBe(200);
      // On PostgreSQL the event comes back through LISTEN/NOTIFY, after the response.
      await until(() => seen.some((e) => e.topic === 'requests' && e.id === request.id), 'the request event');
    } finally {
      stop();
    }
    const row = await requestRow(request.id);
    expect(row.status).toBe('in_production');
    expect(row.version).toBe(request.version + 1);
    const [entry] = await statusChanges(request.id);
    expect(entry).toMatchObject({
      userId: null,
      oldValue: 'submitted',
      newValue: 'in_production',
      notes: WORK_REASONS.in_production,
    });
    // The drawer shows the entry as the system's.
    const detail = (await as.coordinator.inject({ method: 'GET', url: `/api/requests/${request.id}` })).json();
    expect(detail.status).toBe('in_production');
    expect(detail.activity.find((a: { actionType: string }) => a.actionType === 'Status Changed').actor).toBeNull();
    // Unassigning again does not move it back.
    expect((await assign(as.coordinator, items[0].id, null)).statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe('in_production');
  });

  it('starting an item on the board moves the request to in_production; bulk assignment moves each request', async () => {
    const started = await build('approved', [{ assigneeId: ids.creative, status: 'submitted' }]);
    // Assigned by seeding (no use case ran), so the request is still approved until the work moves.
    const move = await as.creative.inject({
      method: 'POST',
      url: '/api/board/move',
      payload: { itemIds: [started.items[0].id], stage: 'in_progress' },
    });
    expect(move.statusCode, move.body).toBe(200);
    expect((await requestRow(started.request.id)).status).toBe('in_production');

    const a = await build('submitted');
    const b = await build('needs_approval');
    const bulk = await as.coordinator.inject({
      method: 'POST',
      url: '/api/board/assign',
      payload: { itemIds: [a.items[0].id, b.items[0].id], assigneeId: ids.creative },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await requestRow(a.request.id)).status).toBe('in_production');
    expect((await requestRow(b.request.id)).status).toBe('in_production');
    expect((await statusChanges(b.request.id)).map((e) => `${e.oldValue}->${e.newValue}`)).toEqual(['needs_approval->in_production']);
  });

  it('follows the proof loop: in_review, revisions_needed, in_review, final_approval, complete', async () => {
    const { request, items } = await build('in_production', [{ assigneeId: ids.creative, status: 'in_progress' }]);
    const item = items[0].id;
    expect((await uploadProof(as.creative, request.id, item)).statusCode).toBe(201);
    expect((await requestRow(request.id)).status).toBe('in_production'); // an upload alone is not a proof ready

    expect((await step(as.creative, item, 'proof-ready')).statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe('in_review');
    expect((await step(as.requester, item, 'request-changes', { feedback: 'Bigger date.' })).statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe('revisions_needed');
    expect((await step(as.creative, item, 'proof-ready')).statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe('in_review');
    expect((await step(as.requester, item, 'approve-proof')).statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe('final_approval');
    expect((await step(as.creative, item, 'status', { status: 'published' })).statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe('complete');
    // Complete stays complete.
    expect((await step(as.coordinator, item, 'status', { status: 'complete' })).statusCode).toBe(200);

    const entries = await statusChanges(request.id);
    expect(entries.map((e) => `${e.oldValue}->${e.newValue}`)).toEqual([
      'in_production->in_review',
      'in_review->revisions_needed',
      'revisions_needed->in_review',
      'in_review->final_approval',
      'final_approval->complete',
    ]);
    expect(entries.every((e) => e.userId === null)).toBe(true);
    expect(entries.map((e) => e.notes)).toContain(WORK_REASONS.revisions_needed);
  });

  it('goes back to in_production when a proof is approved while other items are still open', async () => {
    const { request, items } = await build('in_review', [
      { assigneeId: ids.creative, status: 'proof_ready' },
      { assigneeId: ids.creative, status: 'in_progress' },
    ]);
    await addProof(t.ctx.db, items[0], ids.creative);
    expect((await step(as.requester, items[0].id, 'approve-proof')).statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe('in_production');
  });

  it('never moves a request out of on_hold or cancelled', async () => {
    for (const status of ['on_hold', 'cancelled']) {
      const { request, items } = await build(status, [{ status: 'proof_ready', assigneeId: ids.creative }, {}]);
      expect((await assign(as.coordinator, items[1].id, ids.creative)).statusCode).toBe(200);
      expect((await step(as.requester, items[0].id, 'request-changes', { feedback: 'Again.' })).statusCode).toBe(200);
      expect((await requestRow(request.id)).status).toBe(status);
      expect(await statusChanges(request.id)).toEqual([]);
    }
  });

  it('leaves a coordinator free to set any status, which the work then does not undo', async () => {
    const { request, items } = await build('submitted', [
      { assigneeId: ids.creative, status: 'proof_ready' },
      { assigneeId: ids.creative, status: 'approved' },
    ]);
    await addProof(t.ctx.db, items[0], ids.creative);
    const version = (await requestRow(request.id)).version;
    const set = await as.coordinator.inject({
      method: 'PATCH',
      url: `/api/requests/${request.id}`,
      payload: { status: 'scheduled', version },
    });
    expect(set.statusCode).toBe(200);
    const [byHand] = await statusChanges(request.id);
    expect(byHand).toMatchObject({ userId: ids.coordinator, oldValue: 'submitted', newValue: 'scheduled' });
    // Approving the last proof calls for final_approval: a step back from scheduled, so no move.
    expect((await step(as.requester, items[0].id, 'approve-proof')).statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe('scheduled');
    // Every item published or complete: on to complete.
    for (const item of items) expect((await step(as.creative, item.id, 'status', { status: 'published' })).statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe('complete');
    // And the coordinator may still take it anywhere, even backwards.
    const back = await as.coordinator.inject({
      method: 'PATCH',
      url: `/api/requests/${request.id}`,
      payload: { status: 'in_production', version: (await requestRow(request.id)).version },
    });
    expect(back.statusCode).toBe(200);
    expect((await requestRow(request.id)).status).toBe('in_production');
  });

  it('completes a request when its last pending additional channel is rejected', async () => {
    const { request, items } = await build('in_production', [
      { assigneeId: ids.creative, status: 'complete' },
      { isAdditionalRequest: true, additionalRequestStatus: 'pending', status: 'submitted' },
    ]);
    const res = await as.approver.inject({
      method: 'POST',
      url: `/api/approvals/${items[1].id}/reject`,
      payload: { reason: REJECTION_REASONS[0] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await requestRow(request.id)).status).toBe('complete');
  });
});
