import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';

/** A test e-mail to the admin's own address, straight through the relay: its answer, or the relay's error. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/admin/outbox/test-email', {}),
    onSuccess: (answer) => toast({ title: 'Test e-mail sent', description: answer.message }),
    onError: (err) => toast({ title: 'The test e-mail was not sent', description: err.message, variant: 'destructive' }),
  });
}
