import type { SaveSlidesBody, SlidesResponse } from '@shared/api/sunday-media';
import { api } from '@web/lib/api';

export const saveSlides = (sundayDate: string, body: SaveSlidesBody) => api.put<SlidesResponse>(`/api/sundays/${sundayDate}/slides`, body);
