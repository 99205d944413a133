import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import { configChannelLabel, configTierName } from '@shared/domain/church-config';
import { api } from './api';

/**
 * The church's configuration (decision 0056): its tiers, channels and settings, reference data of
 * several features read once and shared. The key is the realtime topic a change publishes, so every
 * open screen reads it again after an admin's change.
 */
export const churchConfigQuery = queryOptions({
  queryKey: ['church-config'],
  queryFn: () => api.get<ChurchConfigResponse>('/api/church-config'),
  staleTime: 5 * 60_000,
});

export function useChurchConfig() {
  return useQuery(churchConfigQuery);
}

/** A channel's label from the configuration (the built-in label, or the code, until it is read). */
export function useChannelLabel(): (code: string) => string {
  const { data } = useChurchConfig();
  return (code) => configChannelLabel(data, code);
}

/** A tier's name from the configuration ('Tier A'), or 'Tier A' built from its code until it is read. */
export function useTierName(): (code: string | null | undefined) => string {
  const { data } = useChurchConfig();
  return (code) => (data ? configTierName(data, code) : code ? `Tier ${code}` : '');
}

/** A change of the configuration: the answer is the whole new configuration, put in the cache. */
export function useConfigChange<T>(
  send: (input: T) => Promise<ChurchConfigResponse>,
  opts: { onSuccess?: () => void; onError?: (err: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (config) => {
      queryClient.setQueryData(churchConfigQuery.queryKey, config);
      opts.onSuccess?.();
    },
    onError: opts.onError,
  });
}
