import { describe, expect, it } from 'vitest';
import { GUARDED_ROUTES, VERIFY_PATH } from '@shared/domain/routes';
import { FEATURE_ROUTES, hasScreen } from './screens';

describe('screens of this build', () => {
  it('knows the screens the features register, patterns included', () => {
    expect(hasScreen('/my-requests')).toBe(true);
    expect(hasScreen('/request/new')).toBe(true);
    expect(hasScreen('/request/0b8f1c1e-0000-4000-8000-000000000000')).toBe(true);
    expect(hasScreen('/no-such-screen')).toBe(false);
  });

  it('registers every screen at a path the route table guards or leaves public', () => {
    const known = [
      ...GUARDED_ROUTES.map(([p]) => p),
      '/',
      '/login',
      '/request-access',
      '/help',
      '/respond',
      '/change-password',
      VERIFY_PATH,
    ];
    for (const route of FEATURE_ROUTES) expect(known).toContain(route.path);
  });
});
