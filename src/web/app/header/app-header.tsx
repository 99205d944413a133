import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '@shared/api/auth';
import { ROLE_LABELS } from '@shared/domain/roles';
import { confinementPath, homeFor } from '@shared/domain/routes';
import { BrandMark } from '@web/components/ui/brand-logo';
import { useSignOut } from '@web/features/auth/api/sign-out';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { useRealtimeInvalidation } from '@web/lib/realtime';
import { DesktopNav } from './desktop-nav';
import { MobileMenu } from './mobile-menu';

/**
 * The navigation header (guide/roles-and-access.md#the-menu). While the user must change the password it shows
 * only the product name and Sign Out: every other screen is out of reach then.
 */
export function AppHeader({ user }: { user: CurrentUser }) {
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  // Live updates for every signed-in screen: the header is on all of them, and its chunk keeps the
  // event stream's client out of the landing and sign-in pages' JavaScript. A stream opened after
  // the first data loads loses nothing: its 'ready' event refetches what is on screen.
  useRealtimeInvalidation(!user.passwordResetRequired && !user.secondStep);
  // Confined to one screen (the second-factor code, the password change, or setting up a second factor).
  const confinedTo = confinementPath(user);
  const confined = !!confinedTo;
  // A navigation (a link in the menu, the browser's back button) closes the mobile menu. Adjusted
  // while rendering rather than in an effect, so the new page never paints with the menu still open.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to={confinedTo ?? homeFor(user.role)} className="shrink-0 rounded-md" aria-label="Lampstand home">
          <BrandMark />
        </Link>
        {!confined && <DesktopNav role={user.role} />}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {!confined && <NotificationBell />}
          {confined ? (
            <div className="block max-w-40 px-2 text-right leading-tight">
              <UserName user={user} />
            </div>
          ) : (
            <Link to="/account" className="hidden max-w-40 rounded-md px-2 py-1 text-right leading-tight hover:bg-slate-100 lg:block">
              {/* The name from the visible text, so it contains what is seen (axe label-content-name-mismatch). */}
              <span className="sr-only">Account: </span>
              <UserName user={user} />
            </Link>
          )}
          <button
            type="button"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            className={`${confined ? 'inline-flex' : 'hidden lg:inline-flex'} h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50`}
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Sign Out
          </button>
          {!confined && (
            <MobileMenu
              user={user}
              open={menuOpen}
              onOpenChange={setMenuOpen}
              onSignOut={() => signOut.mutate()}
              signingOut={signOut.isPending}
            />
          )}
        </div>
      </div>
    </header>
  );
}

function UserName({ user }: { user: CurrentUser }) {
  return (
    <>
      <p className="truncate text-sm font-medium text-slate-900">{user.fullName}</p>{' '}
      {/* The space keeps the name and the role two words in the link's text (axe label-content-name-mismatch). */}
      <p className="truncate text-xs text-slate-500">{ROLE_LABELS[user.role]}</p>
    </>
  );
}
