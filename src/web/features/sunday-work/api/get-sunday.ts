import { queryOptions } from '@tanstack/react-query';
import type { SundayDetail } from '@shared/api/sundays';
import type { SlidesResponse, SocialResponse, VideosResponse } from '@shared/api/sunday-media';
import { api } from '@web/lib/api';

/** One Sunday as its people read it: the plan, the videos, the slides and the social posts (keys under 'sundays'). */
export const sundayPlanQuery = (date: string) =>
  queryOptions({ queryKey: ['sundays', date, 'plan'], queryFn: () => api.get<SundayDetail>(`/api/sundays/${date}`) });
export const sundayVideosQuery = (date: string) =>
  queryOptions({ queryKey: ['sundays', date, 'videos'], queryFn: () => api.get<VideosResponse>(`/api/sundays/${date}/videos`) });
export const sundaySocialQuery = (date: string) =>
  queryOptions({ queryKey: ['sundays', date, 'social'], queryFn: () => api.get<SocialResponse>(`/api/sundays/${date}/social`) });
export const sundaySlidesQuery = (date: string) =>
  queryOptions({ queryKey: ['sundays', date, 'slides'], queryFn: () => api.get<SlidesResponse>(`/api/sundays/${date}/slides`) });
