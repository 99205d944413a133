import type { CurrentUser } from '@shared/api/auth';

/** Replaced by the full header (groups, dropdowns, mobile menu, bell, sign out). */
export function AppHeader({ user }: { user: CurrentUser }) {
  return <header className="border-b bg-white p-4">{user.fullName}</header>;
}
