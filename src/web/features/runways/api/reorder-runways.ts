import type { SetupChange } from '@shared/api/runway-setup';
import { api } from '@web/lib/api';
import { useSetupMutation } from './setup-mutation';

/** PUT /api/runway-setup/order: the active runways in their new order (admins). */
export const useReorderRunways = () =>
  useSetupMutation((ids: string[]) => api.put<SetupChange>('/api/runway-setup/order', { ids }), 'Order saved');
