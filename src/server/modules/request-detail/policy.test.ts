import { describe, expect, it } from 'vitest';
import { requestAllowedActions, type RequestFacts } from '../../../shared/domain/request-permissions';
import { ROLES } from '../../../shared/domain/roles';
import { mayReceive } from '../../platform/events/bus';
import { changedEvent } from './access';
import { allowedActions, requestPolicy } from './policy';

/** The three users of the request rules (handlers, realtime audience, allowed actions) never disagree. */
const facts: RequestFacts = {
  requesterId: 'req',
  currentCoordinatorId: 'coord',
  status: 'in_production',
  viewerIds: ['shared'],
  assigneeIds: ['artist', null],
};
const people = ['req', 'coord', 'shared', 'artist', 'stranger'];

describe('request policy', () => {
  it('everyone requestPolicy.read admits hears that the request changed', () => {
    const event = changedEvent({ request: { id: 'r1' } as never, facts });
    for (const role of ROLES) {
      for (const id of people) {
        const user = { id, role };
        if (requestPolicy.read.allows(user, facts)) expect(mayReceive(event, user), `${role} ${id}`).toBe(true);
      }
    }
    // A stranger below staff rank is not told (nor could they read it).
    expect(mayReceive(event, { id: 'stranger', role: 'requester' })).toBe(false);
    expect(mayReceive(event, { id: 'stranger', role: 'viewer' })).toBe(false);
  });

  it("the allowed actions sent to the browser are the rules' answers", () => {
    for (const status of ['submitted', 'in_production', 'archived_onetime']) {
      for (const role of ROLES) {
        for (const id of people) {
          const user = { id, role };
          const f = { ...facts, status };
          const sent = allowedActions(user, f);
          expect(sent).toEqual(requestAllowedActions(user, f));
          expect(sent.canEdit).toBe(requestPolicy.update.allows(user, f));
          expect(sent.canAdmin).toBe(requestPolicy.administer.allows(user, f));
        }
      }
    }
  });
});
