import { queryOptions } from '@tanstack/react-query';
import type { LandingEditor } from '@shared/api/landing';
import { api } from '@web/lib/api';

/** Every section (stored or default) and every FAQ; the key starts with 'landing' (live reloads). */
export const landingEditorQuery = queryOptions({
  queryKey: ['landing', 'editor'],
  queryFn: () => api.get<LandingEditor>('/api/admin/landing'),
});
