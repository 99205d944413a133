import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of system health and the system actions (guide/roles-and-access.md#the-route-table: admin only); merged into ACCESS_TABLE. */
export const HEALTH_ACCESS: Record<string, Access> = {
  'GET /api/admin/system-health': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/system-health admin; guide/roles-and-access.md#the-route-table health fetch admin only',
    roles: from('admin'),
  },
  'GET /api/admin/system-health/score': {
    spec: 'guide/roles-and-access.md#the-route-table System Health button and health fetch: admin only',
    roles: from('admin'),
  },
  'POST /api/admin/system-health/run': {
    spec: 'guide/roles-and-access.md#the-route-table run_system_health_audit; guide/roles-and-access.md#the-route-table admin only',
    roles: from('admin'),
  },
  'POST /api/admin/system-health/:id/resolve': {
    spec: 'guide/roles-and-access.md#the-route-table Resolve; guide/roles-and-access.md#the-route-table admin only',
    roles: from('admin'),
  },
  'POST /api/admin/system-actions/clean-mondays': {
    spec: 'guide/roles-and-access.md#the-route-table system actions; guide/roles-and-access.md#the-route-table confirm; admin settings admin',
    roles: from('admin'),
  },
  'POST /api/admin/system-actions/sync-sundays': {
    spec: 'guide/roles-and-access.md#the-route-table system actions; guide/administration.md#system-actions; admin settings admin',
    roles: from('admin'),
  },
};
