import { Navigate, Outlet, useLocation } from 'react-router';
import { resolveRoute } from '@shared/domain/routes';
import { useSession } from '@web/features/auth/api/session';
import { useRealtimeInvalidation } from '@web/lib/realtime';
import { AppHeader } from './header/app-header';

/**
 * The guard of every screen: while the session loads it shows "Loading...", then applies the
 * route table, redirects and role guards of spec 000 section 2 (the same pure function the
 * no-loop test walks), and renders the header for signed-in users.
 */
export function RootLayout() {
  const { data, isPending } = useSession();
  const location = useLocation();
  const user = data?.user ?? null;
  useRealtimeInvalidation(!!user && !user.passwordResetRequired);
  if (isPending) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center text-slate-600">
        Loading...
      </div>
    );
  }
  const resolution = resolveRoute(
    location.pathname,
    user ? { role: user.role, passwordResetRequired: user.passwordResetRequired } : null,
    { hasResetToken: new URLSearchParams(location.search).has('token') },
  );
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  return (
    <div className="min-h-screen">
      {user && <AppHeader user={user} />}
      <Outlet />
    </div>
  );
}
