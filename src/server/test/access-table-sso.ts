import type { Access } from './access-table';
import { from } from './access-roles';

/** Anyone, signed in or not (the sign-in page and both legs of single sign-on). */
const open = (spec: string): Access => ({ spec, public: true, roles: [], passwordReset: true });

/** Expected access of single sign-on and its admin setting (decision 0036); merged into ACCESS_TABLE. */
export const SSO_ACCESS: Record<string, Access> = {
  'GET /api/auth/sign-in-options': open(
    "guide/roles-and-access.md#the-route-table public route /login: what the sign-in screen offers ('Sign in with {label}')",
  ),
  'GET /api/auth/oidc/start': open('guide/roles-and-access.md#the-route-table public route /login: the single sign-on button'),
  'GET /api/auth/oidc/callback': open("guide/roles-and-access.md#the-route-table public route /login: the provider's redirect back"),
  'GET /api/admin/settings/password-sign-in': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/settings admin; Allow password sign-in',
    roles: from('admin'),
  },
  'PUT /api/admin/settings/password-sign-in': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/settings admin; Allow password sign-in',
    roles: from('admin'),
  },
};
