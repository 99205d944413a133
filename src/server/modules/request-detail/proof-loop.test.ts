import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, notifications, pendingEmails, requestAssets, requestItems, requestViewers } from '../../platform/db/schema';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { SAMPLE_FILES } from '../../test/sample-files';
import { UNSUPPORTED_FILE } from './assets';
import { NO_PROOF_TO_APPROVE } from './proof';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { addProof, buildRequestWithItem, multipart, PDF, PNG, signInDemo, userIdByEmail, type DemoRole } from '../../test/request-fixtures';

describe.each(BACKENDS)('assets and the proof loop on %s', (backend) => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let designer: Agent; // a creative who is not the assignee
  let outsider: Agent;
  let ids: Record<'requester' | 'creative' | 'approver' | 'viewer', string>;
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    as = await signInDemo(t.app);
    designer = await signIn(t.app, 'designer@example.org', 'Lampstand-demo-1');
    const stranger = await buildUser(t.ctx.db, { role: 'requester' });
    outsider = await signIn(t.app, stranger.email, TEST_PASSWORD);
    ids = {
      requester: await userIdByEmail(t.ctx.db, 'requester@example.org'),
      creative: await userIdByEmail(t.ctx.db, 'creative@example.org'),
      approver: await userIdByEmail(t.ctx.db, 'approver@example.org'),
      viewer: await userIdByEmail(t.ctx.db, 'viewer@example.org'),
    };
  });
  afterAll(async () => t.close());

  const upload = (agent: Agent, requestId: string, file: { name: string; data: Buffer }, fields?: Record<string, string>) =>
    agent.inject({ method: 'POST', url: `/api/requests/${requestId}/assets`, ...multipart(file, fields) });

  /** A request of the demo requester that only this test uses (shared with the demo viewer if asked). */
  const ownRequest = async (opts: { sharedWithViewer?: boolean } = {}) => {
    const { request } = await buildRequestWithItem(t.ctx.db, { requesterId: ids.requester, assigneeId: ids.creative });
    if (opts.sharedWithViewer)
      await t.ctx.db.insert(requestViewers).values({ requestId: request.id, userId: ids.viewer, addedBy: ids.requester });
    return request.id;
  };

  describe('assets', () => {
    it('uploads with versions by file name, checked by content and size', async () => {
      const requestId = await ownRequest();
      const file = { name: 'flyer.png', data: PNG };
      expect((await t.app.inject({ method: 'POST', url: `/api/requests/${requestId}/assets`, ...multipart(file) })).statusCode).toBe(401);
      expect((await upload(as.viewer, requestId, file)).statusCode).toBe(403);
      expect((await upload(outsider, requestId, file)).statusCode).toBe(404);
      const first = await upload(as.requester, requestId, file);
      expect(first.statusCode).toBe(201);
      expect(first.json().versionNumber).toBe(1);
      expect((await upload(as.coordinator, requestId, { name: 'Flyer.PNG', data: PNG })).json().versionNumber).toBe(2);
      expect((await upload(as.requester, requestId, { name: 'brief.pdf', data: PDF })).json().versionNumber).toBe(1);
      expect((await upload(as.requester, requestId, { name: 'photo.jpeg', data: SAMPLE_FILES.jpg })).statusCode).toBe(201);
      // Wrong extension, and a renamed file whose bytes are not what its name says.
      expect((await upload(as.requester, requestId, { name: 'run.exe', data: PNG })).statusCode).toBe(415);
      expect((await upload(as.requester, requestId, { name: 'fake.png', data: Buffer.from('<html>hi</html>') })).statusCode).toBe(415);
      // A PNG signature followed by HTML starts right but does not parse as a picture.
      const disguised = await upload(as.requester, requestId, {
        name: 'proof.png',
        data: Buffer.concat([PNG.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]),
      });
      expect(disguised.statusCode).toBe(415);
      expect(disguised.json().error.message).toBe(UNSUPPORTED_FILE);
      const big = await upload(as.requester, requestId, { name: 'huge.pdf', data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) });
      expect(big.statusCode).toBe(413);
      expect(big.json().error.message).toBe('File too large: huge.pdf exceeds the 10MB limit.');
      const rows = await t.ctx.db.select().from(requestAssets).where(eq(requestAssets.requestId, requestId));
      expect(rows).toHaveLength(4);
      const [entry] = await t.ctx.db
        .select()
        .from(activityLog)
        .where(
          and(eq(activityLog.requestId, requestId), eq(activityLog.actionType, 'Asset Uploaded'), eq(activityLog.newValue, 'brief.pdf')),
        );
      expect(entry).toBeTruthy();
    });

    it('serves a file only to people who may see its request (404 otherwise)', async () => {
      const sharedRequest = await ownRequest({ sharedWithViewer: true });
      const unsharedRequest = await ownRequest();
      const shared = (await upload(as.coordinator, sharedRequest, { name: 'poster.pdf', data: PDF })).json().id;
      const unshared = (await upload(as.requester, unsharedRequest, { name: 'flyer.png', data: PNG })).json();
      const url = (id: string) => `/api/assets/${id}/download`;
      expect((await t.app.inject({ method: 'GET', url: url(shared) })).statusCode).toBe(401);
      const res = await as.viewer.inject({ method: 'GET', url: url(shared) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="poster.pdf"; filename*=UTF-8''poster.pdf`);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect((await as.viewer.inject({ method: 'GET', url: url(unshared.id) })).statusCode).toBe(404);
      expect((await outsider.inject({ method: 'GET', url: url(unshared.id) })).statusCode).toBe(404);
      expect((await as.requester.inject({ method: 'GET', url: url(unshared.id) })).statusCode).toBe(200);
      expect((await as.creative.inject({ method: 'GET', url: url(unshared.id) })).statusCode).toBe(200);
    });

    it('serves images and PDFs inline on request (for previews) and everything else as an attachment', async () => {
      const { request } = await buildRequestWithItem(t.ctx.db, { requesterId: ids.requester, assigneeId: ids.creative });
      const png = (await upload(as.requester, request.id, { name: 'slide.png', data: PNG })).json().id;
      const pdf = (await upload(as.requester, request.id, { name: 'slide.pdf', data: PDF })).json().id;
      // Rows of types an upload never produces today: a script-carrying type must never render in place.
      const stored = async (fileName: string, fileType: string) => {
        const storageKey = await t.ctx.files.put(Buffer.from('<svg onload="alert(1)"/>'), '.bin');
        const [row] = await t.ctx.db
          .insert(requestAssets)
          .values({ requestId: request.id, fileName, storageKey, fileSize: 24, fileType, uploadedBy: ids.requester, versionNumber: 1 })
          .returning();
        return row.id;
      };
      const svg = await stored('evil.svg', 'image/svg+xml');
      const html = await stored('evil.html', 'text/html');
      const get = (id: string, query = '') => as.requester.inject({ method: 'GET', url: `/api/assets/${id}/download${query}` });

      const inlinePng = await get(png, '?disposition=inline');
      expect(inlinePng.statusCode).toBe(200);
      expect(inlinePng.headers['content-type']).toBe('image/png');
      expect(inlinePng.headers['content-disposition']).toBe(`inline; filename="slide.png"; filename*=UTF-8''slide.png`);
      expect(inlinePng.headers['x-content-type-options']).toBe('nosniff');
      const inlinePdf = await get(pdf, '?disposition=inline');
      expect(inlinePdf.headers['content-type']).toBe('application/pdf');
      expect(inlinePdf.headers['content-disposition']).toMatch(/^inline; /);

      // Without the query, and for any other type even when asked, the file downloads.
      expect((await get(png)).headers['content-disposition']).toMatch(/^attachment; /);
      for (const id of [svg, html]) {
        const res = await get(id, '?disposition=inline');
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toMatch(/^attachment; /);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      expect((await get(png, '?disposition=script')).statusCode).toBe(400);
      // Inline changes nothing about who may read it.
      expect((await outsider.inject({ method: 'GET', url: `/api/assets/${png}/download?disposition=inline` })).statusCode).toBe(404);
    });

    it('removes stored files when the request is deleted', async () => {
      const { request } = await buildRequestWithItem(t.ctx.db, { requesterId: ids.requester, assigneeId: ids.creative });
      const created = await upload(as.requester, request.id, { name: 'gone.pdf', data: PDF });
      const [row] = await t.ctx.db.select().from(requestAssets).where(eq(requestAssets.id, created.json().id));
      expect((await t.ctx.files.get(row.storageKey)).equals(PDF)).toBe(true);
      expect((await as.coordinator.inject({ method: 'DELETE', url: `/api/requests/${request.id}` })).statusCode).toBe(204);
      await expect(t.ctx.files.get(row.storageKey)).rejects.toThrow();
      expect((await as.requester.inject({ method: 'GET', url: `/api/assets/${row.id}/download` })).statusCode).toBe(404);
    });
  });

  describe('the proof loop', () => {
    const step = (agent: Agent, itemId: string, action: string, payload: object = {}) =>
      agent.inject({ method: 'POST', url: `/api/items/${itemId}/${action}`, payload });
    const itemStatus = async (id: string) =>
      (await t.ctx.db.select({ s: requestItems.status }).from(requestItems).where(eq(requestItems.id, id)))[0].s;
    const notesFor = (userId: string, requestId: string) =>
      t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.requestId, requestId)));

    it('runs from proof to publishing with notifications and e-mails', async () => {
      const { request, item } = await buildRequestWithItem(t.ctx.db, { requesterId: ids.requester, assigneeId: ids.creative });

      // 401 signed out; the requester cannot mark ready (403); no proof yet (422).
      expect((await t.app.inject({ method: 'POST', url: `/api/items/${item.id}/proof-ready`, payload: {} })).statusCode).toBe(401);
      expect((await step(as.requester, item.id, 'proof-ready')).statusCode).toBe(403);
      expect((await step(as.creative, item.id, 'proof-ready')).statusCode).toBe(422);

      // Only the assignee (or a coordinator) uploads a proof; versions count per item.
      expect((await upload(designer, request.id, { name: 'slide.png', data: PNG }, { itemId: item.id })).statusCode).toBe(403);
      expect((await upload(as.creative, request.id, { name: 'slide.png', data: PNG }, { itemId: item.id })).json().versionNumber).toBe(1);
      expect((await upload(as.creative, request.id, { name: 'slide-b.png', data: PNG }, { itemId: item.id })).json().versionNumber).toBe(2);
      expect((await step(designer, item.id, 'proof-ready')).statusCode).toBe(403);
      expect((await step(as.requester, item.id, 'approve-proof')).statusCode).toBe(409);

      const ready = await step(as.creative, item.id, 'proof-ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ id: item.id, status: 'proof_ready' });
      const [review] = await notesFor(ids.requester, request.id);
      expect(review).toMatchObject({ title: 'Proof ready for review', type: 'review_ready', read: false });
      const mails = await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, 'requester@example.org'));
      expect(mails.some((m) => m.subject === `Proof ready for review: ${request.eventTitle}` && !m.sent)).toBe(true);
      expect((await step(as.creative, item.id, 'proof-ready')).statusCode).toBe(409);

      // The drawer tells the requester they may review.
      const detail = (await as.requester.inject({ method: 'GET', url: `/api/requests/${request.id}` })).json();
      expect(detail.items[0]).toMatchObject({ status: 'proof_ready', latestProofVersion: 2 });
      expect(detail.items[0].allowedActions.canReviewProof).toBe(true);

      // Reviewing: a viewer (403), a creative who is not the requester (403), an outsider (404), blank feedback (400).
      expect((await step(as.viewer, item.id, 'approve-proof')).statusCode).toBe(403);
      expect((await step(as.creative, item.id, 'approve-proof')).statusCode).toBe(403);
      expect((await step(outsider, item.id, 'approve-proof')).statusCode).toBe(404);
      expect((await step(as.requester, item.id, 'request-changes', { feedback: '   ' })).statusCode).toBe(400);

      const changes = await step(as.requester, item.id, 'request-changes', { feedback: 'Make the date bigger.' });
      expect(changes.json().status).toBe('changes_requested');
      const creativeNotes = await notesFor(ids.creative, request.id);
      expect(creativeNotes.find((n) => n.type === 'changes_requested')?.body).toContain('Make the date bigger.');
      const [changeLog] = await t.ctx.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.requestId, request.id), eq(activityLog.actionType, 'Changes Requested')));
      expect(changeLog.notes).toBe('Sunday Slide Deck: Make the date bigger.');
      expect((await step(as.requester, item.id, 'approve-proof')).statusCode).toBe(409);

      // Round two: an approver approves; the proof's creator hears of it.
      expect((await step(as.creative, item.id, 'proof-ready')).statusCode).toBe(200);
      const approved = await step(as.approver, item.id, 'approve-proof');
      expect(approved.json().status).toBe('approved');
      expect((await notesFor(ids.creative, request.id)).some((n) => n.title === 'Proof approved' && n.type === 'proof_approved')).toBe(
        true,
      );
      expect(
        (await t.ctx.db.select().from(pendingEmails).where(eq(pendingEmails.recipient, 'creative@example.org'))).some(
          (m) => m.subject === `Proof approved: ${request.eventTitle}`,
        ),
      ).toBe(true);

      // Then on to publishing and completion; going backwards from complete is refused.
      expect((await step(as.requester, item.id, 'status', { status: 'published' })).statusCode).toBe(403);
      expect((await step(designer, item.id, 'status', { status: 'published' })).statusCode).toBe(403);
      expect((await step(as.creative, item.id, 'status', { status: 'published' })).json().status).toBe('published');
      expect((await step(as.coordinator, item.id, 'status', { status: 'complete' })).json().status).toBe('complete');
      expect((await step(as.creative, item.id, 'status', { status: 'in_progress' })).statusCode).toBe(409);
      expect(await itemStatus(item.id)).toBe('complete');
    });

    it('writes nothing when a step is refused', async () => {
      const { request, item } = await buildRequestWithItem(t.ctx.db, {
        requesterId: ids.requester,
        assigneeId: ids.creative,
        itemStatus: 'approved',
      });
      await upload(as.creative, request.id, { name: 'p.png', data: PNG }, { itemId: item.id });
      const before = (await t.ctx.db.select().from(notifications)).length;
      const mailsBefore = (await t.ctx.db.select().from(pendingEmails)).length;
      expect((await step(as.creative, item.id, 'proof-ready')).statusCode).toBe(409);
      expect((await step(as.requester, item.id, 'request-changes', { feedback: 'No' })).statusCode).toBe(409);
      expect((await t.ctx.db.select().from(notifications)).length).toBe(before);
      expect((await t.ctx.db.select().from(pendingEmails)).length).toBe(mailsBefore);
      expect(await itemStatus(item.id)).toBe('approved');
    });

    it('refuses to approve an item in Proof Ready that has no proof, and leaves it there', async () => {
      const { item } = await buildRequestWithItem(t.ctx.db, {
        requesterId: ids.requester,
        assigneeId: ids.creative,
        itemStatus: 'proof_ready',
      });
      const refused = await step(as.requester, item.id, 'approve-proof');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe(NO_PROOF_TO_APPROVE);
      const [row] = await t.ctx.db.select().from(requestItems).where(eq(requestItems.id, item.id));
      expect(row.status).toBe('proof_ready');
    });

    it('falls back to the assignee when the proof’s uploader is gone', async () => {
      const { request, item } = await buildRequestWithItem(t.ctx.db, {
        requesterId: ids.requester,
        assigneeId: ids.creative,
        itemStatus: 'proof_ready',
      });
      await addProof(t.ctx.db, item, null);
      expect((await step(as.requester, item.id, 'approve-proof')).statusCode).toBe(200);
      expect((await notesFor(ids.creative, request.id)).some((n) => n.title === 'Proof approved')).toBe(true);
    });
  });
});
