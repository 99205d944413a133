import type { RouteObject } from 'react-router';

/**
 * /runways 'Communication Runways' and /runways/{runwayCode}, a runway's six Sundays (guide/roles-and-access.md#the-route-table
 * section 2; coordinator and above, checked by the guard); /runways/manage, the runways and their
 * recurring tasks (decision 0055); /runways/templates, the Sunday templates
 * (guide/sunday-planning.md#sunday-templates). /runways/planning is the notes feature's.
 */
export const routes: RouteObject[] = [
  { path: '/runways', lazy: () => import('./pages/runways-dashboard-page') },
  { path: '/runways/manage', lazy: () => import('./pages/manage-runways-page') },
  { path: '/runways/templates', lazy: () => import('./pages/sunday-templates-page') },
  { path: '/runways/:runwayCode', lazy: () => import('./pages/runway-page') },
];
