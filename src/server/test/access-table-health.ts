import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of system health and the system actions (spec 002 section 6: admin only); merged into ACCESS_TABLE. */
export const HEALTH_ACCESS: Record<string, Access> = {
  'GET /api/admin/system-health': { spec: '000 §2 /admin/system-health admin; 002 §6 health fetch admin only', roles: from('admin') },
  'GET /api/admin/system-health/score': { spec: '002 §6 System Health button and health fetch: admin only', roles: from('admin') },
  'POST /api/admin/system-health/run': { spec: '002 §7 run_system_health_audit; §6 admin only', roles: from('admin') },
  'POST /api/admin/system-health/:id/resolve': { spec: '002 §4 Resolve; §6 admin only', roles: from('admin') },
  'POST /api/admin/system-actions/clean-mondays': { spec: '002 §2 system actions; §5 confirm; admin settings admin', roles: from('admin') },
  'POST /api/admin/system-actions/sync-sundays': { spec: '002 §2 system actions; DESIGN 5.6; admin settings admin', roles: from('admin') },
};
