import type { SetupChange } from '@shared/api/runway-setup';
import { api } from '@web/lib/api';
import { useSetupMutation } from './setup-mutation';

/** PATCH /api/runway-setup/runways/:id: rename or recolour (admins). */
export const useUpdateRunway = () =>
  useSetupMutation(({ id, ...body }: { id: string; name?: string; color?: string }) =>
    api.patch<SetupChange>(`/api/runway-setup/runways/${id}`, body),
  );
