import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countUnfinishedItems, isFrozenForWork, statusFollowingWork, WORK_STATUSES, workStatus, type WorkItem } from './request-status';
import { DONE_ITEM_STATUSES, ITEM_STATUSES, REQUEST_STATUSES } from './statuses';

const anyItem: fc.Arbitrary<WorkItem> = fc.record({
  status: fc.constantFrom(...ITEM_STATUSES),
  assigned: fc.boolean(),
  additionalRequestStatus: fc.constantFrom(null, 'pending', 'approved', 'rejected'),
});
const anyItems = fc.array(anyItem, { maxLength: 6 });
const anyRequestStatus = fc.constantFrom(...REQUEST_STATUSES);
const item = (status: string, over: Partial<WorkItem> = {}): WorkItem => ({
  status,
  assigned: true,
  additionalRequestStatus: null,
  ...over,
});

/** The order the work moves a request in (a test-side copy of the reading in decision 0007). */
const STAGE: Record<string, number> = {
  submitted: 0,
  needs_approval: 0,
  approved: 0,
  in_production: 1,
  in_review: 1,
  revisions_needed: 1,
  in_progress: 1,
  proof_ready: 1,
  final_approval: 2,
  scheduled: 2,
  published: 2,
  complete: 3,
};

describe('what the items call for', () => {
  it('follows the issue: assigned or started, a proof ready, changes requested, all done', () => {
    expect(workStatus([item('submitted', { assigned: false })])).toBeNull();
    expect(workStatus([item('submitted')])).toBe('in_production');
    expect(workStatus([item('in_progress', { assigned: false })])).toBe('in_production');
    expect(workStatus([item('proof_ready'), item('in_progress')])).toBe('in_review');
    expect(workStatus([item('proof_ready'), item('changes_requested')])).toBe('revisions_needed');
    expect(workStatus([item('approved'), item('complete')])).toBe('final_approval');
    expect(workStatus([item('published'), item('complete')])).toBe('complete');
    expect(workStatus([])).toBeNull();
  });

  it('leaves out rejected additional channels; a pending one keeps the request from being done', () => {
    expect(workStatus([item('complete'), item('submitted', { additionalRequestStatus: 'rejected' })])).toBe('complete');
    const waiting = item('submitted', { additionalRequestStatus: 'pending', assigned: false });
    expect(workStatus([item('complete'), waiting])).toBe('in_production');
    expect(workStatus([waiting])).toBeNull();
  });

  it('calls for a done status exactly when every item of the work is done', () => {
    fc.assert(
      fc.property(anyItems, (items) => {
        const work = items.filter((i) => i.additionalRequestStatus !== 'rejected');
        const allDone = work.length > 0 && work.every((i) => (DONE_ITEM_STATUSES as readonly string[]).includes(i.status));
        const to = workStatus(items);
        expect(to === 'final_approval' || to === 'complete').toBe(allDone);
        expect(countUnfinishedItems(items) === 0 && work.length > 0).toBe(allDone);
      }),
    );
  });
});

describe('the request status follows the work', () => {
  it('moves a submitted request along the whole loop', () => {
    let status: string = 'submitted';
    const step = (items: WorkItem[]) => (status = statusFollowingWork(status, items) ?? status);
    step([item('not_started', { assigned: false })]);
    expect(status).toBe('submitted');
    step([item('not_started')]);
    expect(status).toBe('in_production');
    step([item('proof_ready')]);
    expect(status).toBe('in_review');
    step([item('changes_requested')]);
    expect(status).toBe('revisions_needed');
    step([item('proof_ready')]);
    expect(status).toBe('in_review');
    step([item('approved')]);
    expect(status).toBe('final_approval');
    step([item('published')]);
    expect(status).toBe('complete');
  });

  it('only ever sets one of the work statuses, and a different one', () => {
    fc.assert(
      fc.property(anyRequestStatus, anyItems, (current, items) => {
        const to = statusFollowingWork(current, items);
        if (to === null) return;
        expect(WORK_STATUSES).toContain(to);
        expect(to).not.toBe(current);
        expect(to).toBe(workStatus(items));
      }),
    );
  });

  it('never moves a request out of on_hold, cancelled or the archive, nor back from complete', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('on_hold', 'cancelled', 'archived_recurring', 'archived_onetime', 'complete'),
        anyItems,
        (current, items) => {
          expect(statusFollowingWork(current, items)).toBeNull();
        },
      ),
    );
    for (const s of ['on_hold', 'cancelled', 'archived_recurring', 'archived_onetime']) expect(isFrozenForWork(s)).toBe(true);
  });

  it('moves forward only, except around the review loop', () => {
    fc.assert(
      fc.property(anyRequestStatus, anyItems, (current, items) => {
        const to = statusFollowingWork(current, items);
        if (to === null) return;
        const loop = STAGE[current] === 1 && STAGE[to] === 1;
        expect(loop || STAGE[to] > STAGE[current]).toBe(true);
      }),
    );
  });

  it('is settled after one step: the same items never move the request again', () => {
    fc.assert(
      fc.property(anyRequestStatus, anyItems, (current, items) => {
        const once = statusFollowingWork(current, items) ?? current;
        expect(statusFollowingWork(once, items)).toBeNull();
      }),
    );
  });

  it('takes a request still before production wherever the started work calls for', () => {
    fc.assert(
      fc.property(fc.constantFrom('submitted', 'needs_approval', 'approved'), anyItems, (current, items) => {
        expect(statusFollowingWork(current, items)).toBe(workStatus(items));
      }),
    );
  });

  it('never moves a finishing status a coordinator chose except on to complete', () => {
    fc.assert(
      fc.property(fc.constantFrom('final_approval', 'scheduled', 'published'), anyItems, (current, items) => {
        const to = statusFollowingWork(current, items);
        expect(to === null || to === 'complete').toBe(true);
      }),
    );
  });
});
