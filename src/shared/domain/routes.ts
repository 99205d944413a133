import { hasRank, type Role } from './roles';

/**
 * The route table, redirects and guards of guide/roles-and-access.md#the-route-table, read with guide/roles-and-access.md#what-a-viewer-sees (viewers):
 * a pure function so the browser router and the no-loop test share one source of truth.
 */
export interface RouteUser {
  role: string;
  passwordResetRequired: boolean;
  /** The second step the session still owes (decision 0037): a code, or setting up a second factor. */
  secondStep?: 'verify' | 'enroll' | null;
}

/** The sign-in's second step: a code from the authenticator app or a recovery code. */
export const VERIFY_PATH = '/verify';

/**
 * Where a confined user belongs, or null: first the second-factor code, then the password change,
 * then setting up a second factor the admin setting requires (decision 0037).
 */
export function confinementPath(user: RouteUser): string | null {
  if (user.secondStep === 'verify') return VERIFY_PATH;
  if (user.passwordResetRequired) return '/change-password';
  if (user.secondStep === 'enroll') return '/account';
  return null;
}

export type Resolution = { kind: 'render'; minRole: Role | null } | { kind: 'redirect'; to: string };

export const PUBLIC_PATHS = ['/', '/login', '/request-access', '/help', '/respond'] as const;

/**
 * Pages every visitor opens as they are, signed in or not, whatever step they still owe: help,
 * and the answer page of an assignment e-mail, whose signed link is its own authority
 * (guide/sunday-planning.md#answering-an-assignment).
 */
const OPEN_TO_ALL = ['/help', '/respond'];

/** Signed-in routes with the minimum role of their guard. Order matters: literal before pattern. */
export const GUARDED_ROUTES: ReadonlyArray<readonly [string, Role]> = [
  ['/my-requests', 'viewer'],
  ['/my-tasks', 'requester'],
  ['/request/new', 'requester'],
  ['/request/templates', 'requester'],
  ['/request/:id', 'viewer'],
  ['/calendar', 'viewer'],
  ['/notifications', 'viewer'],
  ['/account', 'viewer'],
  ['/archive', 'requester'],
  ['/event-promotions', 'requester'],
  ['/intake', 'coordinator'],
  ['/approvals', 'approver'],
  ['/production', 'creative'],
  ['/runways', 'coordinator'],
  ['/runways/planning', 'creative'],
  ['/runways/manage', 'coordinator'],
  ['/runways/templates', 'coordinator'],
  ['/runways/schedule', 'coordinator'],
  ['/runways/:runwayCode', 'coordinator'],
  // One Sunday, opened on a piece of its work: creatives and approvers do theirs there (decision 0058).
  ['/sundays/:date', 'creative'],
  ['/series', 'coordinator'],
  ['/series/new', 'coordinator'],
  ['/series/:id', 'coordinator'],
  ['/accountability', 'coordinator'],
  ['/cms-queue', 'coordinator'],
  ['/capacity', 'coordinator'],
  ['/all-tasks', 'coordinator'],
  ['/admin/settings', 'admin'],
  ['/admin/tiers', 'admin'],
  ['/admin/channels', 'admin'],
  ['/admin/church', 'admin'],
  ['/admin/setup', 'admin'],
  ['/admin/content', 'admin'],
  ['/admin/system-health', 'admin'],
];

/** Legacy paths that redirect for signed-in users. */
export const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  '/dashboard': '/my-requests',
  '/admin/intake': '/intake',
  '/admin/approvals': '/approvals',
  '/production-board': '/production',
  '/admin/calendar': '/calendar',
  '/admin/cms-queue': '/cms-queue',
  '/admin/accountability': '/accountability',
};

export function matchPattern(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.split('/');
  if (a.length !== b.length) return false;
  return a.every((seg, i) => (seg.startsWith(':') ? b[i].length > 0 : seg === b[i]));
}

export function guardFor(pathname: string): Role | null {
  const hit = GUARDED_ROUTES.find(([pattern]) => matchPattern(pattern, pathname));
  return hit ? hit[1] : null;
}

/** Where the logo link and "/" send a signed-in user. */
export function homeFor(role: string): string {
  return hasRank(role, 'creative') ? '/my-tasks' : '/my-requests';
}

/** Where a user without enough role is sent (viewers too go to their requests, guide/roles-and-access.md#what-a-viewer-sees). */
export function fallbackFor(role: string): string {
  return hasRank(role, 'creative') ? '/my-tasks' : '/my-requests';
}

/** The sign-in screen's own destinations (guide/roles-and-access.md#the-route-table), which then redirect further. */
export function postSignInPath(user: RouteUser): string {
  const confined = confinementPath(user);
  if (confined) return confined;
  if (hasRank(user.role, 'approver')) return '/admin/intake';
  if (user.role === 'creative') return '/production-board';
  return '/dashboard';
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function resolveRoute(rawPath: string, user: RouteUser | null, opts: { hasResetToken?: boolean } = {}): Resolution {
  const pathname = normalise(rawPath);
  if (!user) {
    if ((PUBLIC_PATHS as readonly string[]).includes(pathname)) return { kind: 'render', minRole: null };
    if (pathname === '/change-password' && opts.hasResetToken) return { kind: 'render', minRole: null };
    return { kind: 'redirect', to: '/' };
  }
  const confined = confinementPath(user);
  if (confined === VERIFY_PATH || confined === '/change-password') {
    return pathname === confined ? { kind: 'render', minRole: null } : { kind: 'redirect', to: confined };
  }
  if (confined && pathname !== confined && pathname !== '/change-password' && !OPEN_TO_ALL.includes(pathname)) {
    return { kind: 'redirect', to: confined };
  }
  if (pathname === VERIFY_PATH) return { kind: 'redirect', to: homeFor(user.role) };
  if (pathname === '/change-password' || OPEN_TO_ALL.includes(pathname)) return { kind: 'render', minRole: null };
  if (pathname === '/') return { kind: 'redirect', to: homeFor(user.role) };
  if (pathname === '/login' || pathname === '/request-access') return { kind: 'redirect', to: homeFor(user.role) };
  if (LEGACY_REDIRECTS[pathname]) return { kind: 'redirect', to: LEGACY_REDIRECTS[pathname] };
  const legacyRequest = /^\/requests\/([^/]+)$/.exec(pathname);
  if (legacyRequest) return { kind: 'redirect', to: `/request/${legacyRequest[1]}` };
  const minRole = guardFor(pathname);
  if (!minRole) return { kind: 'redirect', to: '/' };
  if (!hasRank(user.role, minRole)) return { kind: 'redirect', to: fallbackFor(user.role) };
  // Task lists send requesters to their requests (guide/roles-and-access.md#the-route-table).
  if (pathname === '/my-tasks' && !hasRank(user.role, 'creative')) return { kind: 'redirect', to: '/dashboard' };
  return { kind: 'render', minRole };
}

/** Follows redirects until a screen renders; throws on a loop. Used by tests and the router. */
export function finalDestination(path: string, user: RouteUser | null, opts: { hasResetToken?: boolean } = {}): string {
  const seen = new Set<string>();
  let current = path;
  for (;;) {
    if (seen.has(current)) throw new Error(`Redirect loop: ${[...seen, current].join(' -> ')}`);
    seen.add(current);
    const res = resolveRoute(current, user, opts);
    if (res.kind === 'render') return current;
    current = res.to;
  }
}
