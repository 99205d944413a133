import type { Access } from './access-table';
import { ALL, from } from './access-roles';

/**
 * Expected access of e-mail preferences and the digest time; merged into ACCESS_TABLE.
 * Every signed-in person keeps their own preferences (the routes take no id: only the caller's);
 * the digest time is an Admin Settings setting. The one-click off link (/email/off) is outside
 * /api: its signed token is its authority (decision 0034), tested in email-preferences.test.ts.
 */
export const EMAIL_ACCESS: Record<string, Access> = {
  'GET /api/account/email-preferences': {
    spec: 'each person chooses on their account page (/account, viewer and up)',
    roles: ALL,
  },
  'PUT /api/account/email-preferences': {
    spec: 'each person chooses on their account page (/account, viewer and up)',
    roles: ALL,
  },
  'GET /api/admin/settings/digest-time': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/settings admin; digest time set by the admin',
    roles: from('admin'),
  },
  'PUT /api/admin/settings/digest-time': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/settings admin; digest time set by the admin',
    roles: from('admin'),
  },
};
