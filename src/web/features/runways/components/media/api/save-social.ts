import type { SaveSocialBody, SocialResponse } from '@shared/api/sunday-media';
import { api } from '@web/lib/api';

export const saveSocial = (sundayDate: string, body: SaveSocialBody) => api.put<SocialResponse>(`/api/sundays/${sundayDate}/social`, body);
