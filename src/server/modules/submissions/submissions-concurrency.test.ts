import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDaysIso, todayIn } from '../../../shared/domain/dates';
import { idempotencyKeys, requests } from '../../platform/db/schema';
import { sessionAgent } from '../../test/agent';
import { buildMinistry, buildUser } from '../../test/factories';
import { createTestApp, describeOnPostgres, type Agent, type TestApp } from '../../test/harness';

/**
 * The concurrent path of idempotent submission (ARCHITECTURE.md#contracts): many tabs or retries sending one key at
 * the same moment. Only PostgreSQL has several connections, so only there do the transactions
 * truly overlap and the losers meet the duplicate-key insert of the idempotency key.
 */
describeOnPostgres('one Idempotency-Key submitted 50 times at once', () => {
  let t: TestApp;
  let agent: Agent;
  let base: string;
  let ministryId: string;

  beforeAll(async () => {
    t = await createTestApp('pg');
    ministryId = (await buildMinistry(t.ctx.db, { defaultTier: 'C' })).id;
    agent = await sessionAgent(t.app, (await buildUser(t.ctx.db, { role: 'requester' })).id);
    // A real listening server and real sockets, so the 50 requests reach the pool together.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  const body = (title: string) => {
    const today = todayIn(t.ctx.config.churchTimeZone);
    const form = new FormData();
    form.append(
      'request',
      JSON.stringify({
        eventTitle: title,
        ministryId,
        promotionStartDate: addDaysIso(today, 20),
        eventStartDate: addDaysIso(today, 41),
        descriptionShort: 'A dinner for the whole church.',
        descriptionLong: 'Food, music and stories.',
        targetAudience: 'Families',
        tier: 'C',
        includedChannels: ['sunday_slide', 'social_media_story'],
        additionalChannels: {},
        planningCenterAdded: true,
      }),
    );
    return form;
  };

  it('makes exactly one request; every answer is 201 or the 200 replay with the same id, none fails', async () => {
    const key = randomUUID();
    const title = `Harvest Dinner ${key.slice(0, 8)}`;
    const headers = { cookie: agent.cookie, 'x-csrf-token': agent.csrfToken, 'idempotency-key': key, origin: base };
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const res = await fetch(`${base}/api/requests`, { method: 'POST', headers, body: body(title) });
        return { status: res.status, body: (await res.json()) as { id?: string } };
      }),
    );

    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(answers.filter((a) => a.status >= 300)),
    ).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);

    const made = await t.ctx.db.select({ id: requests.id }).from(requests).where(eq(requests.eventTitle, title));
    expect(made).toEqual([{ id: [...ids][0] }]);
    const [keys] = await t.ctx.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(keys.n).toBe(1);
  });
});
