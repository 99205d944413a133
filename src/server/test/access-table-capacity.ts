import type { Access } from './access-table';
import { from } from './access-roles';

/**
 * Expected access of channel capacity (decision 0067); merged into ACCESS_TABLE. The channel x week
 * view and its cells are the coordinator's (/capacity, coordinator and up); the form's availability
 * answers whoever may make a request.
 */
export const CAPACITY_ACCESS: Record<string, Access> = {
  'GET /api/capacity': {
    spec: 'guide/requests.md#channel-capacity the channel x week view: coordinator and up',
    roles: from('coordinator'),
  },
  'GET /api/capacity/cell': {
    spec: 'guide/requests.md#channel-capacity a cell opens the requests that book it: coordinator and up',
    roles: from('coordinator'),
  },
  'GET /api/capacity/availability': {
    spec: 'guide/requests.md#what-a-late-request-can-still-get the new-request form: requester and above',
    roles: from('requester'),
  },
};
