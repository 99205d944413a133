import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAssets } from '../../platform/db/schema';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { withTableGone } from '../../test/faults';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness';
import { buildRequestWithItem, multipart, PDF, signInDemo, userIdByEmail, type DemoRole } from '../../test/request-fixtures';

/**
 * Only a missing (or hidden) row is a 404: a database or disk fault behind a proof step or a file
 * download is a 500 that the error handler logs with the request id, not a "not found" that hides it.
 */
describe.each(BACKENDS)('faults are not turned into 404 on %s', (backend) => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let outsider: Agent;
  let ids: Record<'requester' | 'creative', string>;
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    as = await signInDemo(t.app);
    outsider = await signIn(t.app, (await buildUser(t.ctx.db, { role: 'requester' })).email, TEST_PASSWORD);
    ids = {
      requester: await userIdByEmail(t.ctx.db, 'requester@example.org'),
      creative: await userIdByEmail(t.ctx.db, 'creative@example.org'),
    };
  });
  afterAll(async () => t.close());

  const proofReady = (agent: Agent, itemId: string) =>
    agent.inject({ method: 'POST', url: `/api/items/${itemId}/proof-ready`, payload: {} });
  const download = (agent: Agent, assetId: string) => agent.inject({ method: 'GET', url: `/api/assets/${assetId}/download` });
  const expectInternal = (res: { statusCode: number; json(): { error: { code: string; message: string } } }) => {
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
    expect(res.json().error.message).toMatch(/reference [0-9a-f-]{36}/);
  };

  // Everyone the route admits (creative and above) sees every request, so the hidden case of this
  // site is covered by whenMissing's own test (platform/errors.test.ts).
  it('a proof step: 404 for a missing item, 500 when reading its request fails', async () => {
    const { item } = await buildRequestWithItem(t.ctx.db, { requesterId: ids.requester, assigneeId: ids.creative });
    const missing = await proofReady(as.creative, randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Item not found.');
    expectInternal(await withTableGone(t.ctx.db, 'request_viewers', () => proofReady(as.creative, item.id)));
  });

  describe('a file download', () => {
    const storedAt = (asset: typeof requestAssets.$inferSelect) =>
      path.join(t.ctx.config.dataDir, 'files', asset.storageKey.slice(0, 2), asset.storageKey);
    /** Each test's own file: one of them breaks its stored copy on purpose. */
    const uploadedAsset = async () => {
      const { request } = await buildRequestWithItem(t.ctx.db, { requesterId: ids.requester, assigneeId: ids.creative });
      const res = await as.requester.inject({
        method: 'POST',
        url: `/api/requests/${request.id}/assets`,
        ...multipart({ name: 'brief.pdf', data: PDF }),
      });
      const [asset] = await t.ctx.db.select().from(requestAssets).where(eq(requestAssets.id, res.json().id));
      return asset;
    };

    it('is 404 to someone who may not see the request, 500 when reading the request fails', async () => {
      const asset = await uploadedAsset();
      expect((await download(as.requester, asset.id)).statusCode).toBe(200);
      expect((await download(outsider, asset.id)).statusCode).toBe(404);
      expectInternal(await withTableGone(t.ctx.db, 'request_viewers', () => download(as.requester, asset.id)));
    });

    it('is 500 when the stored file cannot be read, 404 when it is gone', async () => {
      const asset = await uploadedAsset();
      // A directory where the file should be: the read fails with EISDIR, a disk fault, not a missing file.
      fs.rmSync(storedAt(asset));
      fs.mkdirSync(storedAt(asset));
      expectInternal(await download(as.requester, asset.id));
      fs.rmdirSync(storedAt(asset));
      const gone = await download(as.requester, asset.id);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.message).toBe('File not found.');
    });
  });
});
