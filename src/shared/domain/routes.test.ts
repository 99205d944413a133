import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasRank, ROLES, type Role } from './roles';
import {
  finalDestination,
  GUARDED_ROUTES,
  guardFor,
  LEGACY_REDIRECTS,
  postSignInPath,
  PUBLIC_PATHS,
  resolveRoute,
  type RouteUser,
} from './routes';

const SAMPLE_ID = '7f3c2a9e-1b4d-4c8e-9a2f-0d6e5b4c3a21';
const withSampleIds = (pattern: string) => pattern.replace(':runwayCode', 'message').replace(/:[A-Za-z]+/g, SAMPLE_ID);

const ALL_PATHS = [
  ...PUBLIC_PATHS,
  ...GUARDED_ROUTES.map(([pattern]) => withSampleIds(pattern)),
  ...Object.keys(LEGACY_REDIRECTS),
  '/requests/x',
  `/requests/${SAMPLE_ID}`,
  '/change-password',
  '/verify',
  '/no-such-page',
  '/admin',
  '/admin/unknown',
  '/request',
  '/my-requests/',
  '/intake//',
  '',
];

interface Who {
  label: string;
  user: RouteUser | null;
}
const WHO: Who[] = [
  { label: 'signed out', user: null },
  ...ROLES.map((role) => ({ label: role, user: { role, passwordResetRequired: false } })),
  { label: 'password reset required', user: { role: 'requester', passwordResetRequired: true } },
  { label: 'admin with password reset required', user: { role: 'admin', passwordResetRequired: true } },
  ...ROLES.map((role) => ({
    label: `${role} owing a second-factor code`,
    user: { role, passwordResetRequired: false, secondStep: 'verify' as const },
  })),
  { label: 'owing a code and a password change', user: { role: 'creative', passwordResetRequired: true, secondStep: 'verify' } },
  { label: 'admin confined to enrollment', user: { role: 'admin', passwordResetRequired: false, secondStep: 'enroll' } },
  { label: 'coordinator confined to enrollment', user: { role: 'coordinator', passwordResetRequired: false, secondStep: 'enroll' } },
  {
    label: 'coordinator confined to enrollment and a password change',
    user: { role: 'coordinator', passwordResetRequired: true, secondStep: 'enroll' },
  },
];

/** A destination "renders" when the route table resolves it to a screen the user may open. */
function assertRenders(rawPath: string, user: RouteUser | null, hasResetToken: boolean) {
  // A path that renders is returned as given; the router ignores trailing slashes.
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const res = resolveRoute(path, user, { hasResetToken });
  expect(res.kind).toBe('render');
  if (res.kind === 'render' && res.minRole && user) expect(hasRank(user.role, res.minRole)).toBe(true);
  if (!user) {
    const isPublic = (PUBLIC_PATHS as readonly string[]).includes(path);
    expect(isPublic || (path === '/change-password' && hasResetToken)).toBe(true);
  } else if (user.secondStep === 'verify') {
    expect(path).toBe('/verify');
  } else if (user.passwordResetRequired) {
    expect(path).toBe('/change-password');
  } else if (user.secondStep === 'enroll') {
    expect(['/account', '/change-password', '/help', '/respond']).toContain(path);
  } else {
    expect(['/change-password', '/help', '/respond'].includes(path) || guardFor(path) !== null).toBe(true);
  }
}

describe('finalDestination: every role on every path', () => {
  for (const who of WHO) {
    for (const hasResetToken of [false, true]) {
      it(`${who.label}${hasResetToken ? ' (with reset token)' : ''} always lands on a rendering screen`, () => {
        for (const path of ALL_PATHS) {
          const end = finalDestination(path, who.user, { hasResetToken });
          assertRenders(end, who.user, hasResetToken);
        }
      });
    }
  }
});

const user = (role: Role, passwordResetRequired = false): RouteUser => ({ role, passwordResetRequired });
const afterSignIn = (u: RouteUser) => finalDestination(postSignInPath(u), u);

describe('spec destinations (guide/roles-and-access.md#the-route-table)', () => {
  it.each([
    ['admin', '/intake'],
    ['coordinator', '/intake'],
    ['approver', '/my-tasks'],
    ['creative', '/production'],
    ['requester', '/my-requests'],
    ['viewer', '/my-requests'],
  ] as const)('after sign-in %s lands on %s', (role, expected) => {
    expect(afterSignIn(user(role))).toBe(expected);
  });

  it('a user who must change the password goes to /change-password after sign-in and everywhere else', () => {
    const newhire = user('requester', true);
    expect(postSignInPath(newhire)).toBe('/change-password');
    expect(afterSignIn(newhire)).toBe('/change-password');
    for (const path of ALL_PATHS) expect(finalDestination(path, newhire)).toBe('/change-password');
  });

  it.each(ROLES)('/ signed in as %s goes home (creative and above to /my-tasks)', (role) => {
    expect(finalDestination('/', user(role))).toBe(hasRank(role, 'creative') ? '/my-tasks' : '/my-requests');
  });

  it('a requester opening /my-tasks ends on /my-requests; a viewer too', () => {
    expect(finalDestination('/my-tasks', user('requester'))).toBe('/my-requests');
    expect(finalDestination('/my-tasks', user('viewer'))).toBe('/my-requests');
    expect(finalDestination('/my-tasks', user('creative'))).toBe('/my-tasks');
  });

  it('unknown paths go to / (signed out renders the landing page; signed in then goes home)', () => {
    expect(resolveRoute('/no-such-page', null)).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveRoute('/no-such-page', user('admin'))).toEqual({ kind: 'redirect', to: '/' });
    expect(finalDestination('/no-such-page', null)).toBe('/');
    expect(finalDestination('/no-such-page', user('admin'))).toBe('/my-tasks');
  });

  it('legacy paths redirect as listed', () => {
    for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
      expect(resolveRoute(from, user('admin'))).toEqual({ kind: 'redirect', to });
    }
    expect(resolveRoute(`/requests/${SAMPLE_ID}`, user('requester'))).toEqual({
      kind: 'redirect',
      to: `/request/${SAMPLE_ID}`,
    });
  });

  it('a user without enough role goes to their fallback', () => {
    expect(finalDestination('/admin/settings', user('coordinator'))).toBe('/my-tasks');
    expect(finalDestination('/intake', user('requester'))).toBe('/my-requests');
    expect(finalDestination('/runways', user('creative'))).toBe('/my-tasks');
    expect(finalDestination('/runways/planning', user('creative'))).toBe('/runways/planning');
  });

  it('/change-password: signed out only with a token; signed in always', () => {
    expect(finalDestination('/change-password', null)).toBe('/');
    expect(finalDestination('/change-password', null, { hasResetToken: true })).toBe('/change-password');
    expect(finalDestination('/change-password', user('viewer'))).toBe('/change-password');
  });

  it('public pages render signed out; sign-in pages send a signed-in user home', () => {
    for (const path of PUBLIC_PATHS) expect(finalDestination(path, null)).toBe(path);
    expect(finalDestination('/login', user('requester'))).toBe('/my-requests');
    expect(finalDestination('/request-access', user('admin'))).toBe('/my-tasks');
    expect(finalDestination('/help', user('viewer'))).toBe('/help');
  });
});

describe('property: redirects always terminate', () => {
  const segment = fc.oneof(
    fc.constantFrom(
      'admin',
      'intake',
      'request',
      'requests',
      'new',
      'my-tasks',
      'my-requests',
      'runways',
      'planning',
      'series',
      'dashboard',
      'production-board',
      'change-password',
      'login',
      'help',
      'calendar',
      SAMPLE_ID,
      '',
    ),
    fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  );
  const path = fc
    .tuple(fc.array(segment, { maxLength: 4 }), fc.boolean())
    .map(([segs, trailing]) => `/${segs.join('/')}${trailing ? '/' : ''}`);
  const who = fc.oneof(
    fc.constant<RouteUser | null>(null),
    fc.record({ role: fc.constantFrom(...ROLES), passwordResetRequired: fc.boolean() }),
  );

  it('any path, any user, with or without a reset token', () => {
    fc.assert(
      fc.property(path, who, fc.boolean(), (p, u, hasResetToken) => {
        const end = finalDestination(p, u, { hasResetToken });
        assertRenders(end, u, hasResetToken);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the second step (decision 0037)', () => {
  const verify = (role: Role, passwordResetRequired = false): RouteUser => ({ role, passwordResetRequired, secondStep: 'verify' });
  it('a session owing a code goes to /verify after sign-in and from anywhere, the password change included', () => {
    for (const role of ROLES) {
      expect(postSignInPath(verify(role))).toBe('/verify');
      expect(finalDestination('/my-requests', verify(role))).toBe('/verify');
      expect(finalDestination('/change-password', verify(role, true))).toBe('/verify');
      expect(finalDestination('/help', verify(role))).toBe('/verify');
    }
  });

  it('after the code, a password change still owed comes next; /verify sends everyone else home', () => {
    expect(afterSignIn({ role: 'creative', passwordResetRequired: true, secondStep: null })).toBe('/change-password');
    expect(finalDestination('/verify', user('creative'))).toBe('/my-tasks');
    expect(finalDestination('/verify', user('requester'))).toBe('/my-requests');
    expect(finalDestination('/verify', null)).toBe('/');
  });

  it('a person confined to enrollment reaches the account page, the password change and help only', () => {
    const enroll: RouteUser = { role: 'coordinator', passwordResetRequired: false, secondStep: 'enroll' };
    expect(postSignInPath(enroll)).toBe('/account');
    expect(finalDestination('/intake', enroll)).toBe('/account');
    expect(finalDestination('/', enroll)).toBe('/account');
    expect(finalDestination('/account', enroll)).toBe('/account');
    expect(finalDestination('/change-password', enroll)).toBe('/change-password');
    expect(finalDestination('/help', enroll)).toBe('/help');
  });
});
