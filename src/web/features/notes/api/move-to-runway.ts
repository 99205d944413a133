import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTES_MESSAGES, type MoveToRunwayResult } from '@shared/api/notes';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { formatNoteDate } from '../components/note-format';
import { NOTES_KEY } from './get-notes';

/**
 * Move to Runway Now (guide/sunday-planning.md#future-notes, decision 0018): 'Success!' saying where the note landed, or
 * 'Error saving note' with the server's reason (not planned, no date, the Sunday is locked...).
 * The Sunday plans reload too (their queries start with 'sundays').
 */
export function useMoveToRunway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<MoveToRunwayResult>(`/api/notes/${id}/move-to-runway`),
    onSuccess: (r) =>
      toast({
        title: NOTES_MESSAGES.moved,
        description: `'${r.taskName}' is on the ${r.runwayName} runway for Sunday ${formatNoteDate(r.sundayDate)}.`,
      }),
    onError: (err) => toast({ title: NOTES_MESSAGES.saveFailed, description: err.message, variant: 'destructive' }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: NOTES_KEY }), queryClient.invalidateQueries({ queryKey: ['sundays'] })]);
    },
  });
}
