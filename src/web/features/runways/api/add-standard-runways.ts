import type { SetupChange, StandardBody } from '@shared/api/runway-setup';
import { api } from '@web/lib/api';
import { useSetupMutation } from './setup-mutation';

/** POST /api/runway-setup/standard: the standard runways as offered or edited (admins of a church without runways). */
export const useAddStandardRunways = () =>
  useSetupMutation((body: StandardBody) => api.post<SetupChange>('/api/runway-setup/standard', body), 'Standard runways added');
