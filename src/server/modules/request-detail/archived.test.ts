import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVED_READ_ONLY } from '../../../shared/domain/request-permissions';
import { activityLog, requestItems, requestMessages, requests, requestViewers } from '../../platform/db/schema';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { addProof, buildRequestWithItem, multipart, PNG, signInDemo, userIdByEmail, type DemoRole } from '../../test/request-fixtures';

/** An archived request is read-only for everyone but admins, and the server refuses (decision 0007). */
describe.each(BACKENDS)('archived requests on %s', (backend) => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let ids: Record<'requester' | 'creative' | 'viewer', string>;
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    as = await signInDemo(t.app);
    ids = {
      requester: await userIdByEmail(t.ctx.db, 'requester@example.org'),
      creative: await userIdByEmail(t.ctx.db, 'creative@example.org'),
      viewer: await userIdByEmail(t.ctx.db, 'viewer@example.org'),
    };
  });
  afterAll(async () => t.close());

  /** A request with one assigned item, archived through the API by the coordinator. */
  async function archived() {
    const { request, item } = await buildRequestWithItem(t.ctx.db, {
      requesterId: ids.requester,
      assigneeId: ids.creative,
      itemStatus: 'proof_ready',
    });
    await addProof(t.ctx.db, item, ids.creative);
    await t.ctx.db.insert(requestViewers).values({ requestId: request.id, userId: ids.viewer });
    const res = await as.coordinator.inject({ method: 'POST', url: `/api/requests/${request.id}/archive`, payload: { kind: 'onetime' } });
    expect(res.statusCode).toBe(200);
    return { request, item };
  }

  const row = async (id: string) => (await t.ctx.db.select().from(requests).where(eq(requests.id, id)))[0];
  const message = (agent: Agent, id: string) =>
    agent.inject({ method: 'POST', url: `/api/requests/${id}/messages`, payload: { body: 'Still there?' } });
  const upload = (agent: Agent, id: string, fields?: Record<string, string>) =>
    agent.inject({ method: 'POST', url: `/api/requests/${id}/assets`, ...multipart({ name: 'late.png', data: PNG }, fields) });
  const editDetails = async (agent: Agent, id: string) =>
    agent.inject({
      method: 'PATCH',
      url: `/api/requests/${id}/details`,
      payload: { location: 'Main hall', version: (await row(id)).version },
    });
  const expectReadOnly = (res: { statusCode: number; json: () => { error: { message: string } } }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ARCHIVED_READ_ONLY);
  };

  it('refuses a coordinator every change: messages, uploads, edits, admin controls, viewers, items', async () => {
    const { request, item } = await archived();
    const id = request.id;
    const version = (await row(id)).version;
    expectReadOnly(await message(as.coordinator, id));
    expectReadOnly(await upload(as.coordinator, id));
    expectReadOnly(await upload(as.coordinator, id, { itemId: item.id }));
    expectReadOnly(await editDetails(as.coordinator, id));
    expectReadOnly(await as.coordinator.inject({ method: 'PATCH', url: `/api/requests/${id}`, payload: { priority: 'high', version } }));
    expectReadOnly(await as.coordinator.inject({ method: 'POST', url: `/api/requests/${id}/archive`, payload: { kind: 'recurring' } }));
    expectReadOnly(await as.coordinator.inject({ method: 'DELETE', url: `/api/requests/${id}` }));
    expectReadOnly(await as.coordinator.inject({ method: 'POST', url: `/api/requests/${id}/viewers`, payload: { userId: ids.viewer } }));
    expectReadOnly(await as.coordinator.inject({ method: 'DELETE', url: `/api/requests/${id}/viewers/${ids.viewer}` }));
    expectReadOnly(await as.coordinator.inject({ method: 'POST', url: `/api/items/${item.id}/approve-proof`, payload: {} }));
    expectReadOnly(await as.coordinator.inject({ method: 'POST', url: `/api/tasks/${item.id}/assign`, payload: { assigneeId: null } }));
    // Nothing was written, and it is still archived.
    expect(await t.ctx.db.select().from(requestMessages).where(eq(requestMessages.requestId, id))).toEqual([]);
    const [itemRow] = await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, item.id));
    expect(itemRow).toMatchObject({ status: 'proof_ready', assigneeId: ids.creative });
    expect(await row(id)).toMatchObject({ status: 'archived_onetime', priority: 'medium', version });
  });

  it('refuses the requester and the assignee too; a viewer stays as refused as ever (403)', async () => {
    const { request, item } = await archived();
    expectReadOnly(await message(as.requester, request.id));
    expectReadOnly(await upload(as.requester, request.id));
    expectReadOnly(
      await as.requester.inject({ method: 'POST', url: `/api/items/${item.id}/request-changes`, payload: { feedback: 'No' } }),
    );
    expectReadOnly(await message(as.creative, request.id));
    expectReadOnly(await as.creative.inject({ method: 'POST', url: `/api/items/${item.id}/status`, payload: { status: 'in_progress' } }));
    expect((await message(as.viewer, request.id)).statusCode).toBe(403);
  });

  it('tells the drawer so: no actions for anyone but an admin', async () => {
    const { request } = await archived();
    for (const role of ['coordinator', 'requester', 'creative', 'viewer'] as const) {
      const detail = (await as[role].inject({ method: 'GET', url: `/api/requests/${request.id}` })).json();
      expect(detail.allowedActions).toEqual({ canEdit: false, canAdmin: false, canMessage: false, canUpload: false, isViewOnly: true });
      for (const a of Object.values(detail.items[0].allowedActions)) expect(a === false || (Array.isArray(a) && a.length === 0)).toBe(true);
    }
    const admin = (await as.admin.inject({ method: 'GET', url: `/api/requests/${request.id}` })).json();
    expect(admin.allowedActions).toMatchObject({ canEdit: true, canAdmin: true, canMessage: true, canUpload: true, isViewOnly: false });
    expect(admin.items[0].allowedActions.canReviewProof).toBe(true);
  });

  it('lets an admin message, upload, edit and work the items; the work never moves it out of the archive', async () => {
    const { request, item } = await archived();
    expect((await message(as.admin, request.id)).statusCode).toBe(201);
    expect((await upload(as.admin, request.id)).statusCode).toBe(201);
    expect((await editDetails(as.admin, request.id)).statusCode).toBe(200);
    expect((await as.admin.inject({ method: 'POST', url: `/api/items/${item.id}/approve-proof`, payload: {} })).statusCode).toBe(200);
    expect((await as.admin.inject({ method: 'POST', url: `/api/tasks/${item.id}/assign`, payload: { assigneeId: null } })).statusCode).toBe(
      200,
    );
    expect((await row(request.id)).status).toBe('archived_onetime');
    const changes = await t.ctx.db.select().from(activityLog).where(eq(activityLog.requestId, request.id));
    expect(changes.filter((e) => e.actionType === 'Status Changed')).toEqual([]);
  });

  it('restores the request when an admin gives it a working status again', async () => {
    const { request } = await archived();
    const res = await as.admin.inject({
      method: 'PATCH',
      url: `/api/requests/${request.id}`,
      payload: { status: 'in_production', version: (await row(request.id)).version },
    });
    expect(res.statusCode).toBe(200);
    expect(await row(request.id)).toMatchObject({ status: 'in_production', archivedAt: null, archivedBy: null });
    // No longer archived: the coordinator works it again.
    expect((await message(as.coordinator, request.id)).statusCode).toBe(201);
  });
});
