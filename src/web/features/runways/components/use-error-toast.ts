import { useEffect, useRef } from 'react';
import { toast } from '@web/components/ui/toast-store';

/** Shows the spec's error toast once each time a read fails (guide/sunday-planning.md#the-sunday-plan-dialog: toasts carry the server's message). */
export function useErrorToast(error: Error | null, title: string) {
  const last = useRef<Error | null>(null);
  useEffect(() => {
    if (error && error !== last.current) toast({ title, description: error.message, variant: 'destructive' });
    last.current = error;
  }, [error, title]);
}
