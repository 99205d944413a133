import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/domain/roles';
import type { RequestFacts } from '../../shared/domain/request-permissions';
import { requestItems, requests, requestViewers } from '../platform/db/schema';
import { buildUser } from '../test/factories';
import { BACKENDS, createTestApp, type TestApp } from '../test/harness';
import { requestRead } from './request-scope';

const RELATIONS = ['requester', 'coordinator', 'assignee', 'shared', 'none'] as const;

/**
 * requestPolicy.read in its two forms: the condition the drawer asks of one request, and the SQL
 * the lists and the calendar scope by. For a user of every role and a request bound to them by
 * every relation (and by none), the SQL selects exactly the requests the condition admits.
 */
describe.each(BACKENDS)('requestRead: the one-row rule and its SQL agree on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  it('for every role and every relation to a request', async () => {
    const db = t.ctx.db;
    const other = await buildUser(db, { role: 'requester' });
    const cast = await Promise.all(ROLES.map((role) => buildUser(db, { role })));
    const facts = new Map<string, RequestFacts>();
    for (const user of cast) {
      for (const relation of RELATIONS) {
        const [request] = await db
          .insert(requests)
          .values({
            eventTitle: `Scope ${user.role} ${relation}`,
            requesterId: relation === 'requester' ? user.id : other.id,
            currentCoordinatorId: relation === 'coordinator' ? user.id : null,
            tier: 'C',
          })
          .returning();
        const assigneeId = relation === 'assignee' ? user.id : null;
        await db.insert(requestItems).values({ requestId: request.id, channel: 'sunday_slide', assigneeId });
        if (relation === 'shared') await db.insert(requestViewers).values({ requestId: request.id, userId: user.id });
        facts.set(request.id, {
          requesterId: request.requesterId,
          currentCoordinatorId: request.currentCoordinatorId,
          status: request.status,
          viewerIds: relation === 'shared' ? [user.id] : [],
          assigneeIds: [assigneeId],
        });
      }
    }
    const ids = [...facts.keys()];
    for (const user of cast) {
      const listed = await db
        .select({ id: requests.id })
        .from(requests)
        .where(and(inArray(requests.id, ids), requestRead.where(user)));
      const admitted = ids.filter((id) => requestRead.allows(user, facts.get(id)!));
      expect(listed.map((r) => r.id).sort(), user.role).toEqual(admitted.sort());
    }
  });
});
