import type { SaveSermonBody } from '@shared/api/sundays';
import { api } from '@web/lib/api';

/** Saves Message Details (the sermon plan) with the service plan's version. */
export const saveSermon = (date: string, body: SaveSermonBody) => api.put<{ version: number }>(`/api/sundays/${date}/sermon`, body);
