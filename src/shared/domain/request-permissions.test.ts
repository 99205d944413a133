import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from './roles';
import { ARCHIVED_REQUEST_STATUSES, isArchivedStatus, ITEM_STATUSES, REQUEST_STATUSES } from './statuses';
import {
  canMoveItem,
  isArchivedReadOnly,
  liveRequestActions,
  itemAllowedActions,
  MANUAL_ITEM_STATUSES,
  requestAccess,
  requestAllowedActions,
  type RequestFacts,
} from './request-permissions';

const LIVE_STATUSES = REQUEST_STATUSES.filter((s) => !isArchivedStatus(s));

const facts = (over: Partial<RequestFacts> = {}): RequestFacts => ({
  requesterId: 'req',
  currentCoordinatorId: 'coord',
  status: 'submitted',
  viewerIds: ['shared'],
  assigneeIds: ['artist', null],
  ...over,
});

describe('request visibility', () => {
  it('staff see every request; others only their own, assigned or shared ones', () => {
    for (const role of ['creative', 'approver', 'coordinator', 'admin']) {
      expect(requestAccess({ id: 'x', role }, facts())).toBe('staff');
    }
    expect(requestAccess({ id: 'req', role: 'requester' }, facts())).toBe('participant');
    expect(requestAccess({ id: 'other', role: 'requester' }, facts())).toBe('none');
    expect(requestAccess({ id: 'shared', role: 'viewer' }, facts())).toBe('view');
    expect(requestAccess({ id: 'other', role: 'viewer' }, facts())).toBe('none');
  });
});

describe('drawer actions (guide/requests.md#who-may-see-a-request)', () => {
  it('a viewer is read-only and only when shared', () => {
    const a = requestAllowedActions({ id: 'shared', role: 'viewer' }, facts());
    expect(a).toEqual({ canEdit: false, canAdmin: false, canMessage: false, canUpload: false, isViewOnly: true });
  });

  it('the requester edits only while submitted or needs_approval', () => {
    for (const status of LIVE_STATUSES) {
      const a = requestAllowedActions({ id: 'req', role: 'requester' }, facts({ status }));
      expect(a.canEdit).toBe(status === 'submitted' || status === 'needs_approval');
      expect(a.canAdmin).toBe(false);
      expect(a.canMessage).toBe(true);
      expect(a.canUpload).toBe(true);
    }
  });

  it('coordinators and admins edit in any live status and hold the admin controls; approvers do not', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), fc.constantFrom(...LIVE_STATUSES), (role, status) => {
        const a = requestAllowedActions({ id: 'x', role }, facts({ status, viewerIds: ['x'] }));
        const coordinatorPlus = role === 'coordinator' || role === 'admin';
        expect(a.canAdmin).toBe(coordinatorPlus);
        if (coordinatorPlus) expect(a.canEdit).toBe(true);
        if (role === 'approver' || role === 'creative') expect(a.canEdit).toBe(false);
        // Shared only (not requester, coordinator or assignee): staff still act, others only read.
        expect(a.isViewOnly).toBe(role === 'viewer' || role === 'requester');
      }),
    );
  });
});

describe('archived requests (decision 0007)', () => {
  const anyUser = fc.record({ id: fc.constantFrom('req', 'coord', 'shared', 'artist', 'x'), role: fc.constantFrom(...ROLES) });
  const item = { assigneeId: 'artist', status: 'proof_ready', hasProof: true };

  it('are read-only for everyone but admins: no request or item action at all', () => {
    fc.assert(
      fc.property(anyUser, fc.constantFrom(...ARCHIVED_REQUEST_STATUSES), (user, status) => {
        const f = facts({ status });
        const a = requestAllowedActions(user, f);
        const i = itemAllowedActions(user, f, item);
        if (user.role === 'admin') {
          expect(isArchivedReadOnly(user, f)).toBe(false);
          expect(a).toEqual(liveRequestActions(user, f));
          expect(a.canEdit && a.canAdmin && a.canMessage && a.canUpload).toBe(true);
          expect(i.canReviewProof && i.canReassign && i.canUploadProof).toBe(true);
          return;
        }
        expect(isArchivedReadOnly(user, f)).toBe(true);
        expect(a).toEqual({ canEdit: false, canAdmin: false, canMessage: false, canUpload: false, isViewOnly: true });
        expect(i).toEqual({
          canUploadProof: false,
          canMarkProofReady: false,
          canReviewProof: false,
          canSetStatus: false,
          nextStatuses: [],
          canReassign: false,
        });
      }),
    );
  });

  it('change nothing for a live request', () => {
    fc.assert(
      fc.property(anyUser, fc.constantFrom(...LIVE_STATUSES), (user, status) => {
        const f = facts({ status });
        expect(isArchivedReadOnly(user, f)).toBe(false);
        expect(requestAllowedActions(user, f)).toEqual(liveRequestActions(user, f));
      }),
    );
  });
});

describe('the proof loop (guide/proofs.md#the-proof-loop)', () => {
  const item = { assigneeId: 'artist', status: 'in_progress', hasProof: true };

  it('the assigned creative or a coordinator marks a proof ready, and only with a proof', () => {
    expect(itemAllowedActions({ id: 'artist', role: 'creative' }, facts(), item).canMarkProofReady).toBe(true);
    expect(itemAllowedActions({ id: 'other', role: 'creative' }, facts(), item).canMarkProofReady).toBe(false);
    expect(itemAllowedActions({ id: 'c', role: 'coordinator' }, facts(), item).canMarkProofReady).toBe(true);
    expect(itemAllowedActions({ id: 'artist', role: 'creative' }, facts(), { ...item, hasProof: false }).canMarkProofReady).toBe(false);
  });

  it('the requester or an approver reviews, only while proof_ready', () => {
    for (const status of ITEM_STATUSES) {
      const ready = status === 'proof_ready';
      expect(itemAllowedActions({ id: 'req', role: 'requester' }, facts(), { ...item, status }).canReviewProof).toBe(ready);
      expect(itemAllowedActions({ id: 'a', role: 'approver' }, facts(), { ...item, status }).canReviewProof).toBe(ready);
      expect(itemAllowedActions({ id: 'artist', role: 'creative' }, facts(), { ...item, status }).canReviewProof).toBe(false);
    }
  });

  it('offers no review of an item in Proof Ready that has no proof', () => {
    const bare = { ...item, status: 'proof_ready', hasProof: false };
    expect(itemAllowedActions({ id: 'req', role: 'requester' }, facts(), bare).canReviewProof).toBe(false);
    expect(itemAllowedActions({ id: 'a', role: 'admin' }, facts(), bare).canReviewProof).toBe(false);
  });

  it('publishing needs an approved proof; completion follows approval or publishing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ITEM_STATUSES), fc.constantFrom(...MANUAL_ITEM_STATUSES), (from, to) => {
        const ok = canMoveItem(from, to);
        if (to === 'published') expect(ok).toBe(from === 'approved');
        if (to === 'complete') expect(ok).toBe(from === 'approved' || from === 'published');
        if (from === 'proof_ready') expect(ok).toBe(false);
      }),
    );
  });

  it('a viewer has no item actions', () => {
    const a = itemAllowedActions({ id: 'shared', role: 'viewer' }, facts(), { ...item, status: 'proof_ready' });
    expect(Object.values(a).filter((v) => v === true)).toEqual([]);
  });
});
