import { createElement, useEffect, useState, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { postSignInPath, resolveRoute } from '@shared/domain/routes';
import type { CurrentUser } from '@shared/api/auth';
import { useJustSignedOut, useSession, useSessionNotice } from '@web/features/auth/api/session';
import { useReturnPoint } from '@web/lib/return-point';
import { LoadingScreen } from './loading-screen';

/**
 * The header (menu, bell, dialogs, and the live updates) is only for signed-in users: its own
 * chunk, so the landing and sign-in pages do not download it (decision 0030). Until it arrives a
 * bar of its height holds the place, so the page below does not jump.
 *
 * Loaded by hand rather than with React.lazy: a Suspense boundary that has shown its fallback
 * reveals its content at the earliest 300 ms later (React throttles reveals), so the header came
 * a quarter of a second after the screen even when its chunk was already there.
 */
type AppHeaderComponent = ComponentType<{ user: CurrentUser }>;
let appHeader: AppHeaderComponent | null = null;
let appHeaderLoad: Promise<AppHeaderComponent> | null = null;

function loadAppHeader(): Promise<AppHeaderComponent> {
  appHeaderLoad ??= import('./header/app-header').then(
    (m) => (appHeader = m.AppHeader),
    (error: unknown) => {
      appHeaderLoad = null; // a failed download may be retried by the next screen that asks
      throw error;
    },
  );
  return appHeaderLoad;
}

/** The header component once its chunk is there; a failed download reaches the route's error screen. */
function useAppHeader(wanted: boolean): AppHeaderComponent | null {
  const [loaded, setLoaded] = useState<{ header: AppHeaderComponent | null; error?: unknown }>({ header: appHeader });
  useEffect(() => {
    if (!wanted || loaded.header) return;
    let live = true;
    loadAppHeader().then(
      (header) => live && setLoaded({ header }),
      (error: unknown) => live && setLoaded({ header: null, error }),
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded.header]);
  if (loaded.error) throw loaded.error;
  return loaded.header;
}

const headerPlaceholder = <div aria-hidden className="sticky top-0 z-40 h-16 border-b border-slate-200 bg-white" />;

/**
 * The guard of every screen: while the session loads it shows "Loading...", then applies the
 * route table, redirects and role guards of guide/roles-and-access.md#confinement (the same pure function the
 * no-loop test walks), and renders the header for signed-in users.
 */
export function RootLayout() {
  const { data, isPending } = useSession();
  const location = useLocation();
  const user = data?.user ?? null;
  const notice = useSessionNotice();
  const justSignedOut = useJustSignedOut();
  const appHeaderNow = useAppHeader(!!user);
  useReturnPoint();
  if (isPending) return <LoadingScreen />;
  const routeUser = user ? { role: user.role, passwordResetRequired: user.passwordResetRequired, secondStep: user.secondStep } : null;
  const resolution = resolveRoute(location.pathname, routeUser, {
    hasResetToken: new URLSearchParams(location.search).has('token'),
  });
  if (resolution.kind === 'redirect') {
    // Signed out with a reason while on a signed-in screen: the sign-in screen says it. Just signed
    // out by the person: the sign-in screen too, where the sign-out itself is going. Public pages
    // (landing, help) stay reachable.
    const to = notice || justSignedOut ? '/login' : redirectTarget(location.pathname, user, resolution.to);
    return <Navigate to={to} replace />;
  }
  return (
    <div className="min-h-screen">
      {user && (appHeaderNow ? createElement(appHeaderNow, { user }) : headerPlaceholder)}
      <Outlet />
    </div>
  );
}

/**
 * A signed-in user on the sign-in screen goes where the sign-in screen sends them (guide/roles-and-access.md#confinement
 * section 2), so the screen's own navigation and this guard agree whichever renders first.
 */
function redirectTarget(pathname: string, user: CurrentUser | null, to: string): string {
  const onSignIn = pathname === '/login' || pathname === '/request-access';
  return user && onSignIn ? postSignInPath(user) : to;
}
