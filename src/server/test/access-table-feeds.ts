import type { Access } from './access-table';
import { ALL, from } from './access-roles';

/**
 * Expected access of the account page's calendar feeds ("Calendar feeds", decision 0033):
 * every person their personal feed, coordinators and above the team feed. The feed itself
 * (/feeds/<token>.ics) is outside /api: its token is the key (feeds.test.ts). Merged into ACCESS_TABLE.
 */
export const FEEDS_ACCESS: Record<string, Access> = {
  'GET /api/account/feeds': { spec: 'each person, from /account, their feeds', roles: ALL },
  'POST /api/account/feeds/personal': { spec: 'each person a private subscription URL, regenerable', roles: ALL },
  'DELETE /api/account/feeds/personal': { spec: 'the URL is revocable', roles: ALL },
  'POST /api/account/feeds/team': { spec: 'coordinators also get a team feed', roles: from('coordinator') },
  'PATCH /api/account/feeds/team': { spec: 'the team feed is filterable by ministry', roles: from('coordinator') },
  'DELETE /api/account/feeds/team': { spec: 'the team feed is revocable', roles: from('coordinator') },
};
