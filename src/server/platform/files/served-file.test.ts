import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planningFiles, requestAssets } from '../db/schema';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { buildRequestWithItem, multipart, PNG, signInDemo, userIdByEmail, type DemoRole } from '../../test/request-fixtures';
import { BIDI_CONTROLS, cleanFileName, contentDisposition, SERVED_FILE_CSP } from './served-file';
import { makePdf } from '../../test/pdfs';

/**
 * Stored files as they are named and sent: no bidirectional control character in a stored name
 * or a download's name, every file under a sandboxing policy, and a PDF that carries scripts only
 * ever a download.
 */

const BIDI = ['\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u061C'];
const hasBidi = (text: string) => BIDI.some((c) => text.includes(c));

/** The name a download offers, from either form of the header. */
function offeredNames(header: string): string[] {
  const ascii = /filename="([^"]*)"/.exec(header)![1];
  const utf8 = decodeURIComponent(/filename\*=UTF-8''(\S*)/.exec(header)![1]);
  return [ascii, utf8];
}

describe('file names', () => {
  it('lose every bidirectional control character, stored or sent', () => {
    const name = fc
      .array(fc.oneof(fc.constantFrom(...BIDI, 'a', '.', 'pdf', '/', ' '), fc.string({ unit: 'binary', maxLength: 2 })), { maxLength: 20 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(name, (raw) => {
        expect(hasBidi(cleanFileName(raw))).toBe(false);
        for (const offered of offeredNames(contentDisposition('attachment', raw))) expect(hasBidi(offered)).toBe(false);
      }),
    );
    expect(BIDI.every((c) => c.replace(BIDI_CONTROLS, '') === '')).toBe(true);
  });

  it('keep what they say otherwise, so a right-to-left override cannot disguise an extension', () => {
    expect(cleanFileName('C:\\Users\\me\\invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('../proof\u2067 v2\u2069.pdf')).toBe('proof v2.pdf');
    expect(cleanFileName('\u200F\u061C')).toBe('');
    expect(cleanFileName('Café ñ 日本.png')).toBe('Café ñ 日本.png');
    expect(contentDisposition('inline', 'r\u202Egnp.pdf')).toBe(`inline; filename="rgnp.pdf"; filename*=UTF-8''rgnp.pdf`);
  });
});

describe.each(BACKENDS)('stored files as sent on %s', (backend) => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let requestId: string;
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    as = await signInDemo(t.app);
    const { request } = await buildRequestWithItem(t.ctx.db, {
      requesterId: await userIdByEmail(t.ctx.db, 'requester@example.org'),
      assigneeId: await userIdByEmail(t.ctx.db, 'creative@example.org'),
    });
    requestId = request.id;
  });
  afterAll(async () => t.close());

  const upload = async (name: string, data: Buffer) => {
    const res = await as.coordinator.inject({ method: 'POST', url: `/api/requests/${requestId}/assets`, ...multipart({ name, data }) });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const download = (id: string, inline = false) =>
    as.requester.inject({ method: 'GET', url: `/api/assets/${id}/download${inline ? '?disposition=inline' : ''}` });

  it('stores an uploaded name without its bidirectional controls, and sends it without them', async () => {
    const id = await upload('invoice\u202Egnp.\u2066exe\u2069.png', PNG);
    const [row] = await t.ctx.db.select().from(requestAssets).where(eq(requestAssets.id, id));
    expect(row.fileName).toBe('invoicegnp.exe.png');
    const res = await download(id);
    expect(res.statusCode).toBe(200);
    expect(offeredNames(res.headers['content-disposition'] as string)).toEqual(['invoicegnp.exe.png', 'invoicegnp.exe.png']);
  });

  it('sends a name stored before the cleaning without its bidirectional controls all the same', async () => {
    const id = await upload('plain.png', PNG);
    await t.ctx.db.update(requestAssets).set({ fileName: 'old\u202Egnp.exe' }).where(eq(requestAssets.id, id));
    for (const inline of [false, true]) {
      const header = (await download(id, inline)).headers['content-disposition'] as string;
      for (const offered of offeredNames(header)) expect(hasBidi(offered)).toBe(false);
    }
  });

  it('shows a plain PDF inline under a sandbox, and sends a PDF with scripts or automatic actions only as a download', async () => {
    const plain = await upload('proof.pdf', await makePdf('none'));
    const res = await download(plain, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.headers['content-security-policy']).toBe(SERVED_FILE_CSP);
    expect(SERVED_FILE_CSP).toMatch(/^sandbox; .*script-src 'none'/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    for (const kind of ['document-javascript', 'open-action', 'page-actions', 'launch'] as const) {
      const scripted = await upload(`${kind}.pdf`, await makePdf(kind));
      for (const inline of [true, true, false]) {
        // Asked twice inline: the second answer comes from what was remembered of the first.
        const sent = await download(scripted, inline);
        expect(sent.statusCode).toBe(200);
        expect(sent.headers['content-disposition'], kind).toMatch(/^attachment; /);
        expect(sent.headers['content-security-policy']).toBe(SERVED_FILE_CSP);
        expect(sent.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
    }
    // A picture is still shown in place, under the same sandbox.
    const picture = await download(await upload('photo.png', PNG), true);
    expect(picture.headers['content-disposition']).toMatch(/^inline; /);
    expect(picture.headers['content-security-policy']).toBe(SERVED_FILE_CSP);
  });

  it('stores and sends a Sunday planning file without bidirectional controls, under the sandbox', async () => {
    const res = await as.coordinator.inject({
      method: 'POST',
      url: '/api/sundays/2031-03-02/files?kind=social',
      ...multipart({ name: 'poster\u202Egnp.exe.png', data: PNG }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    const [row] = await t.ctx.db.select().from(planningFiles).where(eq(planningFiles.id, id));
    expect(row.fileName).toBe('postergnp.exe.png');
    await t.ctx.db.update(planningFiles).set({ fileName: 'old\u202Egnp.exe' }).where(eq(planningFiles.id, id));
    const sent = await as.coordinator.inject({ method: 'GET', url: `/api/planning-files/${id}?disposition=inline` });
    expect(sent.statusCode).toBe(200);
    for (const offered of offeredNames(sent.headers['content-disposition'] as string)) expect(hasBidi(offered)).toBe(false);
    expect(sent.headers['content-security-policy']).toBe(SERVED_FILE_CSP);
  });
});
