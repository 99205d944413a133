import { ACTIVITY_MESSAGES } from '@shared/api/activity-messages';
import { toast } from '@web/components/ui/toast-store';

/** 'Mark all read' failing is the spec's destructive toast; success shows itself (the badge clears). */
export const markAllFeedback = {
  onError: () => toast({ title: 'Error', description: ACTIVITY_MESSAGES.markAllError, variant: 'destructive' }),
};
