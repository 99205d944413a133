import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanningFile } from '../shared/api/sunday-media';
import { checkFileStore } from './commands/health-audit';
import { planningFiles, requestAssets } from './platform/db/schema';
import { isMissingFile, type BlobStore } from './platform/files/blob-store';
import { s3BlobStore } from './platform/files/s3-blob-store';
import { buildUser, TEST_PASSWORD } from './test/factories';
import { BACKENDS, createTestApp, signIn, type Agent, type TestApp } from './test/harness';
import { startS3Peer, type S3Peer } from './test/s3-peer';
import { buildRequestWithItem, multipart, PDF, PNG, signInDemo, userIdByEmail, type DemoRole } from './test/request-fixtures';
import { SAMPLE_VIDEOS } from './test/sample-videos';

/**
 * The app with its files on an S3-compatible store (decision 0035): the S3_* settings given to the
 * harness, a real S3-protocol server (s3rver) behind them. Every kind of file goes to the bucket and
 * comes back only through the authorized routes, streamed with its length.
 */
describe.each(BACKENDS)('files on S3-compatible storage on %s', (backend) => {
  let peer: S3Peer;
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let outsider: Agent;
  /** A second client of the same bucket: what is really there, seen from outside the app. */
  let bucket: BlobStore;
  let ids: Record<'requester' | 'creative', string>;

  beforeAll(async () => {
    peer = await startS3Peer();
    t = await createTestApp(backend, { seed: true, config: { s3: peer.config } });
    bucket = s3BlobStore(peer.config);
    as = await signInDemo(t.app);
    outsider = await signIn(t.app, (await buildUser(t.ctx.db, { role: 'requester' })).email, TEST_PASSWORD);
    ids = {
      requester: await userIdByEmail(t.ctx.db, 'requester@example.org'),
      creative: await userIdByEmail(t.ctx.db, 'creative@example.org'),
    };
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
    await peer?.close();
  });

  const download = (agent: Agent, id: string, query = '') => agent.inject({ method: 'GET', url: `/api/assets/${id}/download${query}` });
  const uploadAsset = async (agent: Agent, requestId: string, file: { name: string; data: Buffer }, fields = {}) => {
    const res = await agent.inject({ method: 'POST', url: `/api/requests/${requestId}/assets`, ...multipart(file, fields) });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.ctx.db.select().from(requestAssets).where(eq(requestAssets.id, res.json().id));
    return row;
  };
  const freshRequest = () => buildRequestWithItem(t.ctx.db, { requesterId: ids.requester, assigneeId: ids.creative });
  const expectInternal = (res: { statusCode: number; json(): { error: { code: string; message: string } } }) => {
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
    expect(res.json().error.message).toMatch(/reference [0-9a-f-]{36}/);
  };

  it('a request asset and a proof are kept in the bucket, not on disk, and sent whole through the authorized route', async () => {
    const { request, item } = await freshRequest();
    const brief = await uploadAsset(as.requester, request.id, { name: 'brief.pdf', data: PDF });
    const proof = await uploadAsset(as.creative, request.id, { name: 'slide.png', data: PNG }, { itemId: item.id });
    expect((await bucket.get(brief.storageKey)).equals(PDF)).toBe(true);
    expect((await bucket.get(proof.storageKey)).equals(PNG)).toBe(true);
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'files'))).toBe(false);

    for (const [asset, data, type] of [
      [brief, PDF, 'application/pdf'],
      [proof, PNG, 'image/png'],
    ] as const) {
      const res = await download(as.requester, asset.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(data.length);
      expect(res.headers).toMatchObject({
        'content-type': type,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
    }
    expect((await download(as.requester, proof.id, '?disposition=inline')).headers['content-disposition']).toMatch(/^inline/);
    // The check comes first, whatever the store: someone who may not see the request gets 404.
    expect((await download(outsider, brief.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/assets/${brief.id}/download` })).statusCode).toBe(401);
  });

  it('Sunday plan files and social assets are kept in the bucket and served to those who read the Sunday', async () => {
    const date = '2031-06-01';
    const upload = async (kind: string, name: string, data: Buffer) => {
      const res = await as.coordinator.inject({
        method: 'POST',
        url: `/api/sundays/${date}/files?kind=${kind}`,
        ...multipart({ name, data }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as PlanningFile;
    };
    const plan = await upload('plan', 'run sheet.pdf', PDF);
    const video = await upload('social', 'clip.mp4', SAMPLE_VIDEOS.mp4);
    for (const [file, data] of [
      [plan, PDF],
      [video, SAMPLE_VIDEOS.mp4],
    ] as const) {
      const [row] = await t.ctx.db.select().from(planningFiles).where(eq(planningFiles.id, file.id));
      expect((await bucket.get(row.storageKey)).equals(data)).toBe(true);
      const res = await as.coordinator.inject({ method: 'GET', url: `${file.url}?disposition=inline` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(data.length);
    }
    const inline = await as.admin.inject({ method: 'GET', url: `${video.url}?disposition=inline` });
    expect(inline.headers['content-type']).toBe('video/mp4');
    expect(inline.headers['content-disposition']).toMatch(/^inline/);
    // Creatives read a Sunday's files (decision 0058); a requester never does.
    expect((await as.creative.inject({ method: 'GET', url: plan.url })).statusCode).toBe(200);
    expect((await as.requester.inject({ method: 'GET', url: plan.url })).statusCode).toBe(403);
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'files'))).toBe(false);
  });

  it('an object gone from the bucket is 404 "File not found."; a store that fails is 500, not 404', async () => {
    const { request } = await freshRequest();
    const gone = await uploadAsset(as.requester, request.id, { name: 'brief.pdf', data: PDF });
    await bucket.remove(gone.storageKey);
    const missing = await download(as.requester, gone.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('File not found.');

    const kept = await uploadAsset(as.requester, request.id, { name: 'other.pdf', data: PDF });
    const working = t.ctx.files;
    const broken = s3BlobStore({ ...peer.config, bucket: 'no-such-bucket' });
    t.ctx.files = broken;
    try {
      expectInternal(await download(as.requester, kept.id));
      await expect(checkFileStore(t.ctx)).rejects.toThrow();
    } finally {
      t.ctx.files = working;
      await broken.close();
    }
    expect((await download(as.requester, kept.id)).statusCode).toBe(200);
    expect(await checkFileStore(t.ctx)).toMatchObject({ status: 'Passed' });
  });

  it('deleting a request removes its files from the bucket', async () => {
    const { request } = await freshRequest();
    const asset = await uploadAsset(as.requester, request.id, { name: 'brief.pdf', data: PDF });
    const res = await as.admin.inject({ method: 'DELETE', url: `/api/requests/${request.id}` });
    expect(res.statusCode, res.body).toBe(204);
    await expect(bucket.get(asset.storageKey)).rejects.toSatisfy(isMissingFile);
  });
});
