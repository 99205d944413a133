import { createContext, useContext } from 'react';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import { findTier, offered } from '@shared/domain/church-config';

/** The church's configuration the form works with (decision 0056), read once before the form shows. */
export const FormConfigContext = createContext<ChurchConfigResponse | null>(null);

export function useFormConfig(): ChurchConfigResponse {
  const config = useContext(FormConfigContext);
  if (!config) throw new Error('The new-request form needs the church configuration');
  return config;
}

/** A tier's own channels that are still offered, in the tier's order. */
export function offeredTierChannels(config: ChurchConfigResponse, tier: string | null | undefined): string[] {
  const live = new Set(offered(config.channels).map((c) => c.code));
  return (findTier(config, tier)?.channels ?? []).filter((c) => live.has(c));
}
