import type { Access } from './access-table';
import { from } from './access-roles';

/** Anyone, signed in or not (the sign-in page and both legs of single sign-on). */
const open = (spec: string): Access => ({ spec, public: true, roles: [], passwordReset: true });

/** Expected access of single sign-on and its admin setting (issue 13, decision 0036); merged into ACCESS_TABLE. */
export const SSO_ACCESS: Record<string, Access> = {
  'GET /api/auth/sign-in-options': open("000 §2 public route /login: what the sign-in screen offers ('Sign in with {label}')"),
  'GET /api/auth/oidc/start': open('000 §2 public route /login: the single sign-on button; issue 13'),
  'GET /api/auth/oidc/callback': open("000 §2 public route /login: the provider's redirect back; issue 13"),
  'GET /api/admin/settings/password-sign-in': {
    spec: '000 §2 /admin/settings admin; issue 13 Allow password sign-in',
    roles: from('admin'),
  },
  'PUT /api/admin/settings/password-sign-in': {
    spec: '000 §2 /admin/settings admin; issue 13 Allow password sign-in',
    roles: from('admin'),
  },
};
