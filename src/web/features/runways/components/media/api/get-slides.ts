import { queryOptions } from '@tanstack/react-query';
import type { SlidesResponse } from '@shared/api/sunday-media';
import { api } from '@web/lib/api';
import { mediaKey } from './media-keys';

export const slidesQuery = (sundayDate: string) =>
  queryOptions({
    queryKey: mediaKey(sundayDate, 'slides'),
    queryFn: () => api.get<SlidesResponse>(`/api/sundays/${sundayDate}/slides`),
  });
