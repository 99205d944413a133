import type { Access } from './access-table';
import { from } from './access-roles';

/** Expected access of the sundays operations (spec 002 section 6, decision 0014); merged into ACCESS_TABLE. */
export const SUNDAYS_ACCESS: Record<string, Access> = {
  'GET /api/runways': { spec: '000 §2 /runways/planning creative: its tab bar names every runway', roles: from('creative') },
};
