import type { SetupChange } from '@shared/api/runway-setup';
import { api } from '@web/lib/api';
import { useSetupMutation } from './setup-mutation';

/** POST /api/runway-setup/tasks/:id/archive or /restore (coordinators and above). */
export const useArchiveTask = () =>
  useSetupMutation(({ id, archived }: { id: string; archived: boolean }) =>
    api.post<SetupChange>(`/api/runway-setup/tasks/${id}/${archived ? 'archive' : 'restore'}`),
  );
