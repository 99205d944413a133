import type { Role } from '../../shared/domain/roles';
import type { Executor } from '../platform/db/client';
import { requestItems, requests } from '../platform/db/schema';
import { buildMinistry, buildUser } from './factories';

/** Test data for the task, reminder and approval tests: a small team and requests with items. */
export type TestUser = Awaited<ReturnType<typeof buildUser>>;

export interface Team {
  admin: TestUser;
  coordinator: TestUser;
  approver: TestUser;
  creative: TestUser;
  creative2: TestUser;
  requester: TestUser;
  viewer: TestUser;
  squad: TestUser;
}

export async function buildTeam(db: Executor): Promise<Team> {
  const make = (role: Role) => buildUser(db, { role });
  return {
    admin: await make('admin'),
    coordinator: await make('coordinator'),
    approver: await make('approver'),
    creative: await make('creative'),
    creative2: await make('creative'),
    requester: await make('requester'),
    viewer: await make('viewer'),
    squad: await buildUser(db, { role: 'creative', fullName: 'Church Media Squad', isExternal: true, passwordHash: null }),
  };
}

export async function buildRequest(
  db: Executor,
  requesterId: string,
  overrides: Partial<typeof requests.$inferInsert> = {},
): Promise<typeof requests.$inferSelect> {
  const ministry = await buildMinistry(db);
  const [row] = await db
    .insert(requests)
    .values({ eventTitle: 'Test Event', ministryId: ministry.id, requesterId, tier: 'B', ...overrides })
    .returning();
  return row;
}

export async function buildItem(
  db: Executor,
  requestId: string,
  overrides: Partial<typeof requestItems.$inferInsert> = {},
): Promise<typeof requestItems.$inferSelect> {
  const [row] = await db
    .insert(requestItems)
    .values({ requestId, channel: 'sunday_slide', status: 'not_started', ...overrides })
    .returning();
  return row;
}
