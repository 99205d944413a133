import type { SetupChange, TaskBody } from '@shared/api/runway-setup';
import { api } from '@web/lib/api';
import { useSetupMutation } from './setup-mutation';

/** POST /api/runway-setup/runways/:id/tasks (new) or PATCH /api/runway-setup/tasks/:id (edit): coordinators and above. */
export const useSaveTask = () =>
  useSetupMutation((vars: { runwayId: string; taskId?: string; body: TaskBody }) =>
    vars.taskId
      ? api.patch<SetupChange>(`/api/runway-setup/tasks/${vars.taskId}`, vars.body)
      : api.post<SetupChange>(`/api/runway-setup/runways/${vars.runwayId}/tasks`, vars.body),
  );
