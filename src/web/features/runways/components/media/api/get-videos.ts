import { queryOptions } from '@tanstack/react-query';
import type { VideosResponse } from '@shared/api/sunday-media';
import { api } from '@web/lib/api';
import { mediaKey } from './media-keys';

export const videosQuery = (sundayDate: string) =>
  queryOptions({
    queryKey: mediaKey(sundayDate, 'videos'),
    queryFn: () => api.get<VideosResponse>(`/api/sundays/${sundayDate}/videos`),
  });
