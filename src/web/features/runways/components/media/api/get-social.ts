import { queryOptions } from '@tanstack/react-query';
import type { SocialResponse } from '@shared/api/sunday-media';
import { api } from '@web/lib/api';
import { mediaKey } from './media-keys';

export const socialQuery = (sundayDate: string) =>
  queryOptions({
    queryKey: mediaKey(sundayDate, 'social'),
    queryFn: () => api.get<SocialResponse>(`/api/sundays/${sundayDate}/social`),
  });
