import type { SaveVideosBody, VideosResponse } from '@shared/api/sunday-media';
import { api } from '@web/lib/api';

export const saveVideos = (sundayDate: string, body: SaveVideosBody) => api.put<VideosResponse>(`/api/sundays/${sundayDate}/videos`, body);
