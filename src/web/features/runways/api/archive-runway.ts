import type { SetupChange } from '@shared/api/runway-setup';
import { api } from '@web/lib/api';
import { useSetupMutation } from './setup-mutation';

/** POST /api/runway-setup/runways/:id/archive or /restore (admins). */
export const useArchiveRunway = () =>
  useSetupMutation(({ id, archived }: { id: string; archived: boolean }) =>
    api.post<SetupChange>(`/api/runway-setup/runways/${id}/${archived ? 'archive' : 'restore'}`),
  );
