import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, compressible } from './app';
import type { ZApp } from './platform/http';
import { requestAssets } from './platform/db/schema';
import { sessionAgent } from './test/agent';
import { BACKENDS, createTestApp, type TestApp } from './test/harness';
import { buildUser } from './test/factories';
import { buildRequestWithItem, multipart, PDF, PNG } from './test/request-fixtures';
import { precompressDir } from '../build/precompress';

/** Compression and caching of what the server sends (decision 0028). */
describe('which answers are compressible', () => {
  it('JSON, HTML, scripts, styles, SVG and text; not the event stream nor compressed or unknown files', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'text/html',
      'text/javascript',
      'application/javascript',
      'text/css',
      'image/svg+xml',
      'text/csv',
    ])
      expect(compressible(type), type).toBe(true);
    for (const type of [
      'text/event-stream; charset=utf-8',
      'image/png',
      'image/jpeg',
      'application/pdf',
      'video/mp4',
      'application/zip',
      'application/octet-stream',
    ])
      expect(compressible(type), type).toBe(false);
  });
});

describe.each(BACKENDS)('compression and caching on %s', (backend) => {
  let t: TestApp;
  let web: ZApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-dist-'));
  const script = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
  /** A chunk the build compressed ahead (decision 0043): text varied enough that quality matters. */
  const chunk = Array.from({ length: 400 }, (_, i) => `export const v${i} = ${JSON.stringify(`value ${(i * 7919) % 1013}`)};`).join('\n');
  beforeAll(async () => {
    t = await createTestApp(backend);
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Lampstand</title><script src="/assets/index-Ab12Cd34.js"></script>`,
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(dist, 'pre'));
    fs.writeFileSync(path.join(dist, 'pre', 'chunk-Ef56Gh78.js'), chunk);
    precompressDir(path.join(dist, 'pre'));
    fs.renameSync(path.join(dist, 'pre', 'chunk-Ef56Gh78.js'), path.join(dist, 'assets', 'chunk-Ef56Gh78.js'));
    for (const ext of ['.br', '.gz']) {
      fs.renameSync(path.join(dist, 'pre', `chunk-Ef56Gh78.js${ext}`), path.join(dist, 'assets', `chunk-Ef56Gh78.js${ext}`));
    }
    web = await buildApp(t.ctx, { webDist: dist });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    web.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('a large JSON answer is brotli or gzip encoded when asked, plain otherwise; a small one stays plain', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);
    const br = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const small = await get('/api/auth/session', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ user: null });
  });

  it('every answer carries the security headers: the CSP, nosniff, frame and referrer rules', async () => {
    for (const url of ['/', '/api/auth/session', '/api/no-such-route', '/assets/index-Ab12Cd34.js']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
      );
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=/);
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('JSON answers keep their caching (none added); downloads keep theirs (below)', async () => {
    const json = await get('/api/openapi.json', 'br');
    expect(json.headers['cache-control']).toBeUndefined();
  });

  it('a hashed build asset is immutable for a year and compressed; index.html and the SPA fallback are no-cache', async () => {
    const asset = await get('/assets/index-Ab12Cd34.js', 'gzip, br');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
    // A range of a file is sent as it is stored: Content-Range counts its bytes.
    const range = await web.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip', range: 'bytes=0-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body).toBe(script.slice(0, 10));

    for (const url of ['/', '/my-requests', '/index.html']) {
      const page = await get(url, 'gzip');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it("an asset the build compressed goes as the build's brotli or gzip copy, immutable; plain to a client that accepts neither", async () => {
    const file = path.join(dist, 'assets', 'chunk-Ef56Gh78.js');
    const br = await get('/assets/chunk-Ef56Gh78.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // The build's copy byte for byte, not a second compression on the fly.
    expect(br.rawPayload.equals(fs.readFileSync(`${file}.br`))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(chunk);
    const gzip = await get('/assets/chunk-Ef56Gh78.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(fs.readFileSync(`${file}.gz`))).toBe(true);
    const plain = await get('/assets/chunk-Ef56Gh78.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });

  it('file downloads that are compressed already go as stored, with their length', async () => {
    const requester = await buildUser(t.ctx.db, { role: 'requester' });
    const agent = await sessionAgent(t.app, requester.id);
    const { request } = await buildRequestWithItem(t.ctx.db, { requesterId: requester.id, assigneeId: null });
    // Over the 1 kB threshold, so only the type keeps it from being compressed (a PDF comment pads it).
    const bigPdf = Buffer.concat([PDF, Buffer.from(`%${'padding '.repeat(500)}\n`)]);
    for (const [name, data, type] of [
      ['brief.pdf', bigPdf, 'application/pdf'],
      ['slide.png', PNG, 'image/png'],
    ] as const) {
      const up = await agent.inject({ method: 'POST', url: `/api/requests/${request.id}/assets`, ...multipart({ name, data }) });
      expect(up.statusCode, up.body).toBe(201);
      const [asset] = await t.ctx.db.select().from(requestAssets).where(eq(requestAssets.id, up.json().id));
      const res = await agent.inject({
        method: 'GET',
        url: `/api/assets/${asset.id}/download`,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(Number(res.headers['content-length'])).toBe(data.length);
      expect(res.rawPayload.equals(data)).toBe(true);
      if (type === 'application/pdf') expect(data.length).toBeGreaterThan(1024);
    }
  });

  it('the event stream is neither compressed nor buffered', async () => {
    const agent = await sessionAgent(web, (await buildUser(t.ctx.db)).id);
    await web.listen({ port: 0, host: '127.0.0.1' });
    const { port } = web.server.address() as AddressInfo;
    const first = await new Promise<{ headers: http.IncomingHttpHeaders; chunk: string; destroy: () => void }>((resolve, reject) => {
      const req = http.get(
        `http://127.0.0.1:${port}/api/events`,
        { headers: { cookie: agent.cookie, 'accept-encoding': 'gzip, br' } },
        (res) => {
          res.setEncoding('utf8');
          // The first bytes arrive while the stream stays open: nothing waits for a buffer to fill.
          res.once('data', (chunk: string) => resolve({ headers: res.headers, chunk, destroy: () => req.destroy() }));
        },
      );
      req.on('error', reject);
    });
    first.destroy();
    expect(first.headers['content-type']).toMatch(/text\/event-stream/);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.chunk).toContain('retry: 3000');
  });
});
