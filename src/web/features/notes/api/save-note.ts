import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTES_MESSAGES, type Note, type NoteBody } from '@shared/api/notes';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { NOTES_KEY } from './get-notes';

/** Adds a note (no id) or saves an edit: 'Note saved successfully!' or 'Error saving note' with the server's message. */
export function useSaveNote(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: NoteBody }) =>
      id ? api.put<{ note: Note }>(`/api/notes/${id}`, body) : api.post<{ note: Note }>('/api/notes', body),
    onSuccess: () => {
      toast({ title: NOTES_MESSAGES.saved });
      onSaved();
    },
    onError: (err) => toast({ title: NOTES_MESSAGES.saveFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTES_KEY }),
  });
}
