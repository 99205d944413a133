import { queryOptions } from '@tanstack/react-query';
import type { NoteOwner, NotesList, NoteStatus } from '@shared/api/notes';
import { api, qs } from '@web/lib/api';

/** Every notes query starts with 'notes', so a 'notes' event (anyone's change) reloads it live. */
export const NOTES_KEY = ['notes'] as const;

export const notesQuery = (search: string, status: NoteStatus | '') =>
  queryOptions({
    queryKey: [...NOTES_KEY, 'list', { search, status }],
    queryFn: () => api.get<NotesList>(`/api/notes${qs({ search, status })}`),
  });

/** Who can own a note: active staff, creatives and above. */
export const noteOwnersQuery = queryOptions({
  queryKey: [...NOTES_KEY, 'owners'],
  queryFn: async () => (await api.get<{ items: NoteOwner[] }>('/api/notes/owners')).items,
  staleTime: 5 * 60_000,
});
