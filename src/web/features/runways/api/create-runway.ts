import type { SetupChange } from '@shared/api/runway-setup';
import { api } from '@web/lib/api';
import { useSetupMutation } from './setup-mutation';

/** POST /api/runway-setup/runways (admins). */
export const useCreateRunway = () =>
  useSetupMutation((body: { name: string; color: string }) => api.post<SetupChange>('/api/runway-setup/runways', body), 'Runway added');
