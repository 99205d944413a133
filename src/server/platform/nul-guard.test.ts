import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIn } from '../../shared/domain/dates';
import { ministries } from './db/schema';
import { findNul, NUL_MESSAGE } from './nul-guard';
import { sessionAgent } from '../test/agent';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../test/harness';
import { buildRequestWithItem, requestIdByTitle, userIdByEmail } from '../test/request-fixtures';
import { buildItem } from '../test/task-fixtures';
import { SAMPLE_FILES } from '../test/sample-files';

const NUL = '\u0000';

describe('findNul', () => {
  it('names the first string holding a NUL by its dotted path', () => {
    expect(findNul({ a: 'ok', b: [{ c: 'ok' }, { c: `x${NUL}` }] })).toBe('b.1.c');
    expect(findNul({ [`k${NUL}`]: 'ok' })).toBe('k');
    expect(findNul(`${NUL}`, ['body'])).toBe('body');
    expect(findNul({ a: 'plain', n: 1, t: true, z: null, u: undefined })).toBeNull();
  });
});

/** A browser's FormData for the new request form: the `request` JSON field and one file. */
function submission(request: object) {
  const boundary = `----lampstand${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="request"\r\n\r\n${JSON.stringify(request)}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="brief.docx"\r\n\r\n`),
    SAMPLE_FILES.docx,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(BACKENDS)('a NUL character in any text on %s', (backend) => {
  let t: TestApp;
  const as: Record<string, Agent> = {};
  let retreat: string;
  let ministryId: string;
  let proofId: string; // waiting for the requester's review
  let extraId: string; // an additional channel waiting for approval
  beforeAll(async () => {
    t = await createTestApp(backend, { seed: true });
    for (const role of ['admin', 'coordinator', 'approver', 'requester']) {
      as[role] = await sessionAgent(t.app, await userIdByEmail(t.ctx.db, `${role}@example.org`));
    }
    retreat = await requestIdByTitle(t.ctx.db, 'Marriage Retreat');
    const proof = await buildRequestWithItem(t.ctx.db, {
      requesterId: as.requester.userId,
      assigneeId: await userIdByEmail(t.ctx.db, 'creative@example.org'),
      itemStatus: 'proof_ready',
    });
    proofId = proof.item.id;
    const extra = await buildItem(t.ctx.db, proof.request.id, {
      isAdditionalRequest: true,
      additionalRequestStatus: 'pending',
      status: 'submitted',
      channel: 'banner',
    });
    extraId = extra.id;
    [{ id: ministryId }] = await t.ctx.db.select({ id: ministries.id }).from(ministries).where(eq(ministries.active, true)).limit(1);
  });
  afterAll(async () => t.close());

  const q = (s: string) => encodeURIComponent(`Retreat${s}`);
  const newRequest = () => {
    const today = todayIn(t.ctx.config.churchTimeZone);
    const { payload, contentType } = submission({
      eventTitle: `Harvest${NUL} Dinner`,
      ministryId,
      promotionStartDate: addDaysIso(today, 20),
      eventStartDate: addDaysIso(today, 41),
      startTime: '18:00',
      location: 'Fellowship Hall',
      descriptionShort: 'A dinner for the whole church.',
      descriptionLong: 'Food, music and stories.',
      targetAudience: 'Families',
      tier: 'C',
      includedChannels: ['sunday_slide'],
      planningCenterAdded: true,
      designDirection: 'freedom',
    });
    return as.requester.inject({
      method: 'POST',
      url: '/api/requests',
      payload,
      headers: { 'content-type': contentType, 'idempotency-key': randomUUID() },
    });
  };

  // The operations the issue found answering 500, and the field each must name.
  const cases: Array<[string, string, () => Promise<LightMyRequestResponse>]> = [
    [
      'sign-in e-mail',
      'email',
      () => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: `a${NUL}@example.org`, password: 'x' } }),
    ],
    [
      'sign-in password',
      'password',
      () => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'admin@example.org', password: `x${NUL}` } }),
    ],
    [
      'forgot password',
      'email',
      () => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: `a${NUL}@example.org` } }),
    ],
    ['My Requests search', 'search', () => as.coordinator.inject({ method: 'GET', url: `/api/requests/mine?search=${q(NUL)}` })],
    ['intake search', 'search', () => as.coordinator.inject({ method: 'GET', url: `/api/intake?search=${q(NUL)}` })],
    ['board search', 'search', () => as.coordinator.inject({ method: 'GET', url: `/api/board?search=${q(NUL)}` })],
    ['outbox search', 'recipient', () => as.admin.inject({ method: 'GET', url: `/api/admin/outbox?recipient=${q(NUL)}` })],
    ['new request text field', 'eventTitle', newRequest],
    [
      'message',
      'body',
      () => as.requester.inject({ method: 'POST', url: `/api/requests/${retreat}/messages`, payload: { body: `Hi${NUL}` } }),
    ],
    [
      'drawer title',
      'eventTitle',
      () => as.admin.inject({ method: 'PATCH', url: `/api/requests/${retreat}/details`, payload: { eventTitle: `T${NUL}`, version: 1 } }),
    ],
    [
      'drawer notes',
      'designNotes',
      () => as.admin.inject({ method: 'PATCH', url: `/api/requests/${retreat}/details`, payload: { designNotes: `N${NUL}`, version: 1 } }),
    ],
    [
      'proof feedback',
      'feedback',
      () => as.requester.inject({ method: 'POST', url: `/api/items/${proofId}/request-changes`, payload: { feedback: `F${NUL}` } }),
    ],
    [
      'rejection text',
      'otherText',
      () =>
        as.approver.inject({ method: 'POST', url: `/api/approvals/${extraId}/reject`, payload: { reason: 'Other', otherText: `R${NUL}` } }),
    ],
  ];

  it.each(cases)('%s answers 400 naming the field', async (_name, field, send) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({ code: 'validation', message: NUL_MESSAGE, fields: { [field]: NUL_MESSAGE } });
  });

  it('text without a NUL still goes through', async () => {
    expect((await as.coordinator.inject({ method: 'GET', url: `/api/requests/mine?search=${q('')}` })).statusCode).toBe(200);
    const ok = await as.requester.inject({ method: 'POST', url: `/api/requests/${retreat}/messages`, payload: { body: 'Plain text' } });
    expect(ok.statusCode).toBe(201);
  });
});
