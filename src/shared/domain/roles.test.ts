import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasRank, isRole, marksNotificationsReadOnOpen, rankOf, ROLE_RANK, ROLES } from './roles';

describe('roles and ranks (guide/roles-and-access.md#the-six-roles)', () => {
  it('ranks viewer 1 .. admin 6 in order', () => {
    expect(ROLE_RANK).toEqual({ viewer: 1, requester: 2, creative: 3, approver: 4, coordinator: 5, admin: 6 });
    expect(ROLES.map(rankOf)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('an unknown, empty or missing role ranks 0 and passes no check', () => {
    for (const role of ['', 'root', 'Admin', 'toString', '__proto__', null, undefined]) {
      expect(rankOf(role)).toBe(0);
      expect(hasRank(role, 'viewer')).toBe(false);
    }
  });

  it('a check passes exactly when the rank is at least the required rank', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), fc.constantFrom(...ROLES), (role, required) => {
        expect(hasRank(role, required)).toBe(ROLE_RANK[role] >= ROLE_RANK[required]);
      }),
    );
    expect(hasRank('approver', 'creative')).toBe(true);
    expect(hasRank('creative', 'approver')).toBe(false);
    expect(hasRank('admin', 'admin')).toBe(true);
  });

  it('isRole accepts only the six roles', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    expect(isRole('superuser')).toBe(false);
    expect(isRole(3)).toBe(false);
  });
});

describe('marksNotificationsReadOnOpen', () => {
  it('applies below coordinator only, and never to an unknown role', () => {
    expect(ROLES.filter((r) => marksNotificationsReadOnOpen(r))).toEqual(['viewer', 'requester', 'creative', 'approver']);
    expect(marksNotificationsReadOnOpen('owner')).toBe(false);
    expect(marksNotificationsReadOnOpen(null)).toBe(false);
  });
});
