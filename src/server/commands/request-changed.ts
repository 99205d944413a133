import { REQUEST_STAFF_RANK } from '../../shared/domain/request-permissions';
import type { AppEvent } from '../platform/events/bus';

/**
 * A request or one of its rows (items, assets, messages, viewers) changed. Staff lists (creative
 * and above) refetch; the requester, coordinator, viewers and assignees named here do too.
 * Browsers invalidate every query whose key starts with 'requests' (and ['request', id]).
 */
export function requestChanged(requestId: string, userIds: Array<string | null | undefined> = []): AppEvent {
  return {
    topic: 'requests',
    id: requestId,
    audience: { userIds: [...new Set(userIds.filter((u): u is string => !!u))], minRole: REQUEST_STAFF_RANK },
  };
}
