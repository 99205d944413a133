import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTES_MESSAGES } from '@shared/api/notes';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { NOTES_KEY } from './get-notes';

/** Deletes a note (after the confirm): 'Note deleted successfully' or 'Error deleting note'. */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ id: string }>(`/api/notes/${id}`),
    onSuccess: () => toast({ title: NOTES_MESSAGES.deleted }),
    onError: (err) => toast({ title: NOTES_MESSAGES.deleteFailed, description: err.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTES_KEY }),
  });
}
