import type { RouteObject } from 'react-router';
import { matchPattern } from '@shared/domain/routes';

/**
 * Each feature declares its screens in `features/<name>/routes.ts` (lazy page imports, so each
 * screen is its own chunk). The router mounts them; the menu shows only items that have one.
 */
const featureModules = import.meta.glob<{ routes: RouteObject[] }>('../features/*/routes.ts', { eager: true });

export const FEATURE_ROUTES: RouteObject[] = Object.values(featureModules).flatMap((m) => m.routes);

const SCREEN_PATHS = FEATURE_ROUTES.flatMap((r) => (r.path ? [r.path] : []));

export function hasScreen(path: string): boolean {
  return SCREEN_PATHS.some((pattern) => matchPattern(pattern, path));
}
